import '@mantine/carousel/styles.css';
import type { Banner } from '@frameport/domain/contract';
import { Carousel } from '@mantine/carousel';
import { ActionIcon } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCarouselAutoplay } from './use-carousel-autoplay.ts';

type BannerSlidesProps = {
  banners: Banner[];
  renderBanner: (banner: Banner, index: number) => ReactNode;
  /** Previous and next arrows (home); without them the indicators, swipes and keys turn the slides (login). */
  withArrows: boolean;
  playPauseSize: number;
  /** Each screen draws its banners in its own frame: these classes come from its stylesheet. */
  classNames: Partial<Record<'root' | 'viewport' | 'indicator' | 'playPause' | 'controls' | 'control', string | undefined>>;
};

/** The carousel's arrows when a screen has them. */
const ARROWS = {
  controlSize: 36,
  controlsOffset: 'sm',
  previousControlProps: { 'aria-label': 'Previous banner' },
  nextControlProps: { 'aria-label': 'Next banner' },
} as const;

/**
 * Several banners (login and home): they turn every 6 s, pausing under the pointer or keyboard
 * focus and never with reduced motion, with indicators naming each banner and a play/pause button.
 */
export function BannerSlides({ banners, renderBanner, withArrows, playPauseSize, classNames }: BannerSlidesProps) {
  const { reduceMotion, autoplay, playing, togglePlaying, setEmbla, containerProps } = useCarouselAutoplay();
  const { root, playPause, ...carouselClassNames } = classNames;

  return (
    <div className={root} {...containerProps}>
      <Carousel
        aria-label="Banners"
        emblaOptions={{ loop: true, align: 'start', duration: reduceMotion ? 0 : 25 }}
        getEmblaApi={setEmbla}
        withIndicators
        {...(withArrows ? ARROWS : { withControls: false })}
        classNames={carouselClassNames}
        getIndicatorProps={(index) => ({ 'aria-label': `Show banner ${index + 1}: ${banners[index]?.BannerTitle ?? ''}` })}
      >
        {banners.map((banner, index) => (
          <Carousel.Slide key={banner.BannerId} aria-label={`${index + 1} of ${banners.length}`}>
            {renderBanner(banner, index)}
          </Carousel.Slide>
        ))}
      </Carousel>
      {autoplay && (
        <ActionIcon
          variant="white"
          color="dark"
          size={playPauseSize}
          radius="xl"
          className={playPause}
          aria-label={playing ? 'Pause banners' : 'Play banners'}
          onClick={togglePlaying}
        >
          {playing ? <IconPlayerPauseFilled size={14} aria-hidden="true" /> : <IconPlayerPlayFilled size={14} aria-hidden="true" />}
        </ActionIcon>
      )}
    </div>
  );
}
