import { ForgotPasswordFormSchema } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useForgotPassword } from '../api.ts';

type ForgotPasswordFormProps = {
  /** What was in the email box of the login form: forgot mode uses the same box. */
  defaultEmail: string;
  onBack: (email: string) => void;
};

/**
 * Forgot-password mode of /login (spec sections 2, 5): the email box, one message at a time
 * (ForgotPasswordFormSchema), and the answer in place of a toast (section 8: these failures skip
 * the shared error handling).
 */
export function ForgotPasswordForm({ defaultEmail, onBack }: ForgotPasswordFormProps) {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit((values) => forgot.mutate(values.email));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={messages.forgotPassword.title}>
      <Stack gap="md">
        <TextInput
          {...register('email')}
          label={messages.fields.email}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@yourstore.in"
          size="md"
          // Replaces the login form, whose 'Forgot password?' link had the focus.
          autoFocus
          disabled={forgot.isPending}
          error={errors.email?.message}
        />
        {forgot.isSuccess && (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden="true" />} role="status">
            {messages.forgotPassword.sent}
          </Alert>
        )}
        {forgot.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {getErrorMessage(forgot.error)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={forgot.isPending} mt="xs">
          Send reset link
        </Button>
        <Anchor component="button" type="button" fw={600} onClick={() => onBack(getValues('email'))} style={{ alignSelf: 'center' }}>
          {messages.actions.backToLogin}
        </Anchor>
      </Stack>
    </form>
  );
}
