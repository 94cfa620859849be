import { isValidEmail } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { emailChangeMessages } from '@frameport/domain/messages/email-change';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useRequestEmailChange } from '../api.ts';
import { PasswordField } from '../../../components/password-field.tsx';

const ChangeEmailFormSchema = z.object({
  newEmail: z.string().check(z.trim(), z.refine(isValidEmail, messages.profile.emailInvalid)),
  currentPassword: z.string().check(z.trim(), z.minLength(1, emailChangeMessages.passwordRequired)),
});

/**
 * The sign-in email of the signed-in user's own profile. Change email opens a small form (new
 * address, current password); the email changes only when the link mailed to the new address is
 * opened (/confirm-email), so after sending the card says where the link went.
 */
export function SignInEmailCard({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sign-in-email-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h4" id="sign-in-email-title">
            Sign-in email
          </Title>
          {!open && (
            <Button variant="outline" onClick={() => setOpen(true)}>
              Change email
            </Button>
          )}
        </Group>
        <div>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
          <Text size="sm" c="dimmed">
            You sign in with this address, and password reset links go to it.
          </Text>
        </div>
        {sent !== null && !open && (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden="true" />} role="status">
            {sent}
          </Alert>
        )}
        {open && (
          <ChangeEmailForm
            onSent={(message) => {
              setSent(message);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </Stack>
    </Card>
  );
}

function ChangeEmailForm({ onSent, onCancel }: { onSent: (message: string) => void; onCancel: () => void }) {
  const request = useRequestEmailChange();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ChangeEmailFormSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });

  const onSubmit = handleSubmit((values) =>
    request.mutate(
      { NewEmail: values.newEmail, CurrentPassword: values.currentPassword },
      { onSuccess: (reply) => onSent(reply.message) },
    ),
  );

  const busy = request.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change email">
      <Stack gap="md">
        <Text size="sm">We send a link to the new address. Your email changes when you open it; we tell this address too.</Text>
        <TextInput
          {...register('newEmail')}
          label="New email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          disabled={busy}
          error={errors.newEmail?.message}
          data-autofocus
        />
        <PasswordField
          {...register('currentPassword')}
          id="change-email-password"
          label={messages.password.current}
          autoComplete="current-password"
          disabled={busy}
          error={errors.currentPassword?.message}
          toggleLabel={messages.password.showCurrent}
        />
        {request.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {getErrorMessage(request.error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            Send confirmation link
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {messages.actions.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
