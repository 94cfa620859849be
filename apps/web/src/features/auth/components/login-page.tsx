import { messages } from '@frameport/domain/messages';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconEyeglass, IconPackage, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { useSessionState } from '../../../lib/session.ts';
import { LoginForm } from './login-form.tsx';
import classes from './login-page.module.css';

const TAGLINE = 'Wholesale eyewear ordering for optical retailers';

/**
 * /login: the form first (in the DOM and on a phone); on a tablet or desktop a colour panel
 * about Frameport is drawn to its left.
 */
export function LoginPage() {
  const { endedBy } = useSessionState();

  return (
    <div className={classes.root}>
      <title>Log in · Frameport</title>

      <section className={classes.formColumn}>
        <div className={classes.formInner}>
          <Stack gap={6} mb="xl" className={classes.compactBrand}>
            <BrandMark />
            <Text size="sm" c="dimmed">
              {TAGLINE}
            </Text>
          </Stack>

          <Title order={1} fz={28}>
            Partner login
          </Title>
          <Text c="dimmed" mt={4} mb="lg">
            Log in with your registered email address.
          </Text>

          {endedBy === 'expired' && (
            <Alert color="orange" variant="light" icon={<IconClockHour4 size={18} aria-hidden="true" />} mb="lg">
              {messages.http.unauthorized}
            </Alert>
          )}

          <LoginForm />
        </div>
      </section>

      <div className={classes.brandPanel}>
        <BrandMark tone="light" size="lg" />
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
        <Text size="sm" className={classes.panelText}>
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
