import '@mantine/carousel/styles.css';
import type { Banner } from '@frameport/domain/contract';
import { Carousel } from '@mantine/carousel';
import { ActionIcon, Skeleton } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { loginBannersQuery } from '../api.ts';
import classes from './login-banners.module.css';
import { useCarouselAutoplay } from '../../../components/use-carousel-autoplay.ts';

const BANNER_SIZE = { width: 1200, height: 360 } as const;

/**
 * The server-fed carousel of /login (GET /api/Account/getLoginBanners), drawn in the colour panel
 * beside the form. Banners are decoration: none, or a failed call, leaves the panel as it is.
 * One banner shows alone; several turn every 6 s, pausing under the pointer or keyboard focus,
 * and never with reduced motion.
 */
export function LoginBanners() {
  const banners = useQuery(loginBannersQuery());

  if (banners.isPending) return <LoginBannersSkeleton />;
  if (banners.isError || banners.data.length === 0) return null;
  if (banners.data.length === 1) {
    return (
      <div className={`${classes.root} ${classes.viewport}`}>
        <BannerImage banner={banners.data[0]!} />
      </div>
    );
  }
  return <BannerSlides banners={banners.data} />;
}

/** The banners' place while they load, or before the page knows it has room for them. */
export function LoginBannersSkeleton() {
  return <Skeleton className={classes.frame} aria-hidden="true" />;
}

function BannerSlides({ banners }: { banners: Banner[] }) {
  const { reduceMotion, autoplay, playing, togglePlaying, setEmbla, containerProps } = useCarouselAutoplay();

  return (
    <div className={classes.root} {...containerProps}>
      <Carousel
        aria-label="Banners"
        emblaOptions={{ loop: true, align: 'start', duration: reduceMotion ? 0 : 25 }}
        getEmblaApi={setEmbla}
        withIndicators
        withControls={false}
        classNames={{ viewport: classes.viewport, indicator: classes.indicator }}
        getIndicatorProps={(index) => ({ 'aria-label': `Show banner ${index + 1}: ${banners[index]?.BannerTitle ?? ''}` })}
      >
        {banners.map((banner, index) => (
          <Carousel.Slide key={banner.BannerId} aria-label={`${index + 1} of ${banners.length}`}>
            <BannerImage banner={banner} />
          </Carousel.Slide>
        ))}
      </Carousel>
      {autoplay && (
        <ActionIcon
          variant="white"
          color="dark"
          size={30}
          radius="xl"
          className={classes.playPause}
          aria-label={playing ? 'Pause banners' : 'Play banners'}
          onClick={togglePlaying}
        >
          {playing ? <IconPlayerPauseFilled size={14} aria-hidden="true" /> : <IconPlayerPlayFilled size={14} aria-hidden="true" />}
        </ActionIcon>
      )}
    </div>
  );
}

function BannerImage({ banner }: { banner: Banner }) {
  return (
    <img
      className={classes.image}
      src={banner.BannerImage}
      alt={banner.BannerTitle}
      width={BANNER_SIZE.width}
      height={BANNER_SIZE.height}
      decoding="async"
    />
  );
}
