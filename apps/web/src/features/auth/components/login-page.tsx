import { messages } from '@frameport/domain/messages';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClockHour4, IconEyeglass, IconPackage, IconReceipt } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { useSessionState } from '../../../lib/session.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginBanners, LoginBannersSkeleton } from './login-banners.tsx';
import { LoginForm } from './login-form.tsx';
import classes from './login-page.module.css';

const TAGLINE = 'Wholesale eyewear ordering for optical retailers';
/** Where the colour panel (and so the banner carousel) shows: Mantine's sm, 768 px. */
const PANEL_MEDIA = '(min-width: 48em)';

/** `switched`: the visitor changed mode here, so focus moves to the email box for keyboard users. */
type Mode = { kind: 'login' | 'forgot'; email: string; switched: boolean };

/**
 * /login: the form first (in the DOM and on a phone); on a tablet or desktop a colour panel
 * about Frameport, with the login banners, is drawn to its left. A phone shows the banners below
 * the form, so the form stays at the top of the screen; each screen loads them in one place only.
 * 'Forgot password?' swaps the form for forgot-password mode, carrying the email box's value.
 */
export function LoginPage() {
  const { endedBy } = useSessionState();
  const [mode, setMode] = useState<Mode>({ kind: 'login', email: '', switched: false });
  // Known after the first render (which matches the prerendered HTML, app/prerender.tsx); the
  // skeleton holds the banners' place until then, so nothing moves when they come.
  const panelShown = useMediaQuery(PANEL_MEDIA, false);
  const forgot = mode.kind === 'forgot';

  return (
    <div className={classes.root}>
      <title>{`${forgot ? messages.forgotPassword.title : messages.actions.logIn} · Frameport`}</title>

      <section className={classes.formColumn}>
        <div className={classes.formInner}>
          <Stack gap={6} mb="xl" className={classes.compactBrand}>
            <BrandMark />
            <Text size="sm" c="dimmed">
              {TAGLINE}
            </Text>
          </Stack>

          <Title order={1} fz={28}>
            {forgot ? messages.forgotPassword.title : 'Partner login'}
          </Title>
          <Text c="dimmed" mt={4} mb="lg">
            {forgot
              ? 'Enter your registered email address and we will email you a link to set a new password.'
              : 'Log in with your registered email address.'}
          </Text>

          {endedBy === 'expired' && !forgot && (
            <Alert color="orange" variant="light" icon={<IconClockHour4 size={18} aria-hidden="true" />} mb="lg">
              {messages.http.unauthorized}
            </Alert>
          )}

          {forgot ? (
            <ForgotPasswordForm defaultEmail={mode.email} onBack={(email) => setMode({ kind: 'login', email, switched: true })} />
          ) : (
            <LoginForm
              defaultEmail={mode.email}
              focusEmail={mode.switched}
              onForgotPassword={(email) => setMode({ kind: 'forgot', email, switched: true })}
            />
          )}
        </div>
        {/* A phone's banners: below the form, which stays first on the screen (wider screens: the colour panel). */}
        <div className={classes.phoneBanners}>{!panelShown && <LoginBanners />}</div>
      </section>

      <div className={classes.brandPanel}>
        <BrandMark tone="light" size="lg" />
        {panelShown ? <LoginBanners /> : <LoginBannersSkeleton />}
        <div className={classes.panelBody}>
          <Text component="p" fw={700} className={classes.headline}>
            {TAGLINE}
          </Text>
          <Text mt="md" size="lg" className={classes.panelText}>
            Frames and sunglasses for your store, ordered in minutes from your phone or your counter.
          </Text>
          <Stack component="ul" gap="md" mt="xl" p={0} style={{ listStyle: 'none' }}>
            <Feature icon={<IconEyeglass size={20} aria-hidden="true" />}>
              Browse the catalogue by shape, material, colour and price.
            </Feature>
            <Feature icon={<IconPackage size={20} aria-hidden="true" />}>
              See stock for every colour before you add it to your order.
            </Feature>
            <Feature icon={<IconReceipt size={20} aria-hidden="true" />}>
              Prices with GST worked out, and your orders and invoices in one place.
            </Feature>
          </Stack>
        </div>
        {/* The prerendered copy carries the build's year: a new year is not a hydration error. */}
        <Text size="sm" className={classes.panelText} suppressHydrationWarning>
          © {new Date().getFullYear()} Frameport
        </Text>
        <BackdropGlasses />
      </div>
    </div>
  );
}

function Feature({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className={classes.feature}>
      <span className={classes.featureIcon}>{icon}</span>
      <Text component="span" pt={6}>
        {children}
      </Text>
    </li>
  );
}

function BackdropGlasses() {
  return (
    <svg className={classes.backdrop} viewBox="0 0 200 80" fill="none" aria-hidden="true" focusable="false">
      <g stroke="currentColor" strokeWidth="6" strokeLinecap="round">
        <rect x="14" y="22" width="72" height="46" rx="20" />
        <rect x="114" y="22" width="72" height="46" rx="20" />
        <path d="M86 38q14-10 28 0M14 34 4 14M186 34l10-20" />
      </g>
    </svg>
  );
}
