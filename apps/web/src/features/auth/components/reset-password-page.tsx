import { ResetPasswordFormSchema } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { resetMessages } from '@frameport/domain/messages/reset-password';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from '../../../lib/router.tsx';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { resetTokenQuery, useResetPassword } from '../api.ts';
import classes from './reset-password-page.module.css';

/**
 * /resetpassword?token=: checks the link first (validateToken), then asks for the new password
 * twice. Shows the spec's invalid-link, invalid-token, success and failed messages (section 8).
 * A new retailer's welcome link (sent on approval) is the same flow in other words: "Set your
 * password", a first password rather than a reset.
 */
export function ResetPasswordPage({ token }: { token: string | null }) {
  const validity = useQuery({ ...resetTokenQuery(token ?? ''), enabled: Boolean(token) });
  const welcome = validity.data?.welcome === true;
  const title = welcome ? resetMessages.welcomeTitle : 'Reset password';
  return (
    <div className={classes.root}>
      <title>{`${title} · Frameport`}</title>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
        <Stack gap="lg">
          <BrandMark />
          <div>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {welcome && (
              <Text c="dimmed" mt={4}>
                {resetMessages.welcomeIntro}
              </Text>
            )}
          </div>
          {token ? <CheckedReset token={token} welcome={welcome} /> : <LinkProblem message={resetMessages.invalidLink} />}
        </Stack>
      </Paper>
    </div>
  );
}

function CheckedReset({ token, welcome }: { token: string; welcome: boolean }) {
  const validity = useQuery(resetTokenQuery(token));

  if (validity.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>Checking your link…</Text>
      </Group>
    );
  }
  if (validity.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} w="100%">
          {getErrorMessage(validity.error)}
        </Alert>
        <Button variant="outline" onClick={() => void validity.refetch()}>
          {messages.actions.tryAgain}
        </Button>
      </Stack>
    );
  }
  if (!validity.data.valid) return <LinkProblem message={resetMessages.invalidToken} />;
  return <ResetPasswordForm token={token} welcome={welcome} />;
}

function ResetPasswordForm({ token, welcome }: { token: string; welcome: boolean }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />} role="status">
          {reset.data.message}
        </Alert>
        <Anchor component={Link} to="/login" fw={600}>
          {welcome ? resetMessages.welcomeDone : 'Log in with your new password'}
        </Anchor>
      </Stack>
    );
  }
  const failure = reset.isError ? getErrorMessage(reset.error) : null;
  // A link used or expired meanwhile cannot be retried; any other failure can.
  if (failure === resetMessages.invalidToken) return <LinkProblem message={failure} />;

  const onSubmit = handleSubmit((values) => reset.mutate({ token, newPassword: values.newPassword }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={welcome ? resetMessages.welcomeTitle : 'Reset password'}>
      <Stack gap="md">
        <NewPasswordFields
          idPrefix="reset"
          newPassword={register('newPassword')}
          repeatPassword={register('confirmPassword')}
          typed={newPassword}
          errors={{ newPassword: errors.newPassword?.message, repeatPassword: errors.confirmPassword?.message }}
          disabled={reset.isPending}
          size="md"
        />
        {failure !== null && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {resetMessages.failed}
          </Alert>
        )}
        <Group gap="sm" grow>
          <Button type="submit" size="md" loading={reset.isPending}>
            {welcome ? resetMessages.welcomeSubmit : 'Reset Password'}
          </Button>
          <Button component={Link} to="/login" variant="outline" size="md">
            CANCEL
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A link that cannot be used: the spec's message and the way back to forgot password on /login. */
function LinkProblem({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
        {message}
      </Alert>
      <Anchor component={Link} to="/login" fw={600}>
        {messages.actions.backToLogin}
      </Anchor>
    </Stack>
  );
}
