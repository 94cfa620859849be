import '@mantine/carousel/styles.css';
import type { Banner } from '@frameport/domain/contract';
import { Button, Skeleton, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from '../../../lib/router.tsx';
import { homeQueries } from '../api.ts';
import { productsPath } from '../links.ts';
import { BannerSlides } from '../../../components/banner-slides.tsx';
import classes from './banner-carousel.module.css';

/** The server's banner drawings: 1200 × 360 on a desktop, 600 × 400 below 768 px (MobileImage). */
export const BANNER_SIZE = { width: 1200, height: 360 } as const;
export const MOBILE_BANNER_SIZE = { width: 600, height: 400 } as const;
const PHONE_MEDIA = '(max-width: 47.99em)';

/**
 * The top of /home: the home banners, then one 'Shop all frames' button to the catalogue.
 * One banner shows alone (no controls, no autoplay). Several turn every 6 s, pausing while the
 * pointer or keyboard focus is on the carousel, and not at all with reduced motion.
 */
export function BannerCarousel() {
  const banners = useQuery(homeQueries.banners('Home'));
  // Drawn in a transition, in slices, when the answer comes (a store update React would otherwise
  // draw at once: the carousel and its first measure were one 165 ms task on a phone at 4× CPU).
  const shown = useDeferredValue(banners.data);

  return (
    <div className={classes.root}>
      {shown === undefined && !banners.isError ? (
        <Skeleton className={classes.frame} radius="md" aria-hidden="true" />
      ) : banners.isError || shown === undefined || shown.length === 0 ? (
        // Banners are decoration: without them the page still opens on a calm panel.
        <div className={`${classes.frame} ${classes.fallback}`}>
          <Text component="p" fw={700} className={classes.fallbackTitle}>
            Frames and sunglasses for your store
          </Text>
        </div>
      ) : shown.length === 1 ? (
        <div className={classes.single}>
          <BannerPicture banner={shown[0]!} priority />
        </div>
      ) : (
        <BannerSlides
          banners={shown}
          renderBanner={(banner, index) => <BannerPicture banner={banner} priority={index === 0} />}
          withArrows
          playPauseSize={32}
          classNames={{
            root: classes.slides,
            viewport: classes.viewport,
            controls: classes.controls,
            control: classes.control,
            indicator: classes.indicator,
            playPause: classes.playPause,
          }}
        />
      )}
      <Button
        component={Link}
        to={productsPath()}
        size="md"
        rightSection={<IconArrowRight size={18} aria-hidden="true" />}
        className={classes.cta}
      >
        Shop all frames
      </Button>
    </div>
  );
}

/**
 * The desktop image, with MobileImage below 768 px; both sizes declared so nothing jumps.
 * Never lazy: slides off to the side would only start loading as they slide in.
 */
function BannerPicture({ banner, priority = false }: { banner: Banner; priority?: boolean }) {
  return (
    <picture className={classes.picture}>
      {banner.MobileImage && (
        <source
          media={PHONE_MEDIA}
          srcSet={banner.MobileImage}
          width={MOBILE_BANNER_SIZE.width}
          height={MOBILE_BANNER_SIZE.height}
        />
      )}
      <img
        className={classes.image}
        src={banner.BannerImage}
        alt={banner.BannerTitle}
        width={BANNER_SIZE.width}
        height={BANNER_SIZE.height}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </picture>
  );
}
