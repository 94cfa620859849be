import { messages } from '@frameport/domain/messages';
import { emailChangeMessages } from '@frameport/domain/messages/email-change';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router.tsx';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useConfirmEmailChange } from '../api.ts';
import classes from './reset-password-page.module.css';

/**
 * /confirm-email?token=: the link mailed to a new sign-in address. Opening it is the confirmation,
 * so the page sends the token once as it opens and says plainly what happened: changed, or why
 * not (already used, cancelled, expired, not valid: the server's message).
 */
export function ConfirmEmailPage({ token }: { token: string | null }) {
  return (
    <div className={classes.root}>
      <title>Confirm your new email · Frameport</title>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
        <Stack gap="lg">
          <BrandMark />
          <Title order={1} fz={26}>
            Confirm your new email
          </Title>
          {token ? <Confirmation token={token} /> : <Outcome ok={false} message={emailChangeMessages.linkMissing} />}
        </Stack>
      </Paper>
    </div>
  );
}

function Confirmation({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  // Once per page, also when React mounts the page twice in development: a second send would
  // answer "already used" over the success.
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  if (confirm.isSuccess) return <Outcome ok message={confirm.data.message} signedIn={confirm.data.sessionKept} />;
  if (confirm.isError) {
    // No answer came (network): the link may still be good, so it can be tried again.
    if (!(confirm.error instanceof ApiError) || confirm.error.status === 0 || confirm.error.status >= 500) {
      return (
        <Stack gap="sm" align="flex-start">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert" w="100%">
            {getErrorMessage(confirm.error)}
          </Alert>
          <Button variant="outline" onClick={() => confirm.mutate(token)}>
            {messages.actions.tryAgain}
          </Button>
        </Stack>
      );
    }
    return <Outcome ok={false} message={getErrorMessage(confirm.error)} />;
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text>Confirming your new email…</Text>
    </Group>
  );
}

/** The result and the one way on: the account when this browser is signed in to it, else /login. */
function Outcome({ ok, message, signedIn = false }: { ok: boolean; message: string; signedIn?: boolean }) {
  const session = useSession();
  const toAccount = signedIn || (!ok && session !== null);
  return (
    <Stack gap="md">
      <Alert
        color={ok ? 'green' : 'red'}
        variant="light"
        icon={ok ? <IconCircleCheck size={18} aria-hidden="true" /> : <IconAlertCircle size={18} aria-hidden="true" />}
        role={ok ? 'status' : 'alert'}
      >
        {message}
      </Alert>
      {ok && !signedIn && <Text size="sm">Your other sessions were signed out. Log in with your new email.</Text>}
      {ok && signedIn && <Text size="sm">Your other sessions were signed out; this one stays signed in.</Text>}
      <Anchor component={Link} to={toAccount ? '/profile' : '/login'} fw={600}>
        {toAccount ? 'Go to My Profile' : ok ? messages.actions.logIn : messages.actions.backToLogin}
      </Anchor>
    </Stack>
  );
}
