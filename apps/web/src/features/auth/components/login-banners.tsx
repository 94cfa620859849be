import '@mantine/carousel/styles.css';
import type { Banner } from '@frameport/domain/contract';
import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BannerSlides } from '../../../components/banner-slides.tsx';
import { loginBannersQuery } from '../api.ts';
import classes from './login-banners.module.css';

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
  return (
    <BannerSlides
      banners={banners.data}
      renderBanner={(banner) => <BannerImage banner={banner} />}
      withArrows={false}
      playPauseSize={30}
      classNames={{ root: classes.root, viewport: classes.viewport, indicator: classes.indicator, playPause: classes.playPause }}
    />
  );
}

/** The banners' place while they load, or before the page knows it has room for them. */
export function LoginBannersSkeleton() {
  return <Skeleton className={classes.frame} aria-hidden="true" />;
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
