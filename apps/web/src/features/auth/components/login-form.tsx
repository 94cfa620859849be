import { LoginFormSchema } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useHydrated } from '../../../components/use-hydrated.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { hideToast, notifyError } from '../../../lib/notify.ts';
import { useLogin } from '../api.ts';

const ERROR_TOAST_ID = 'login-error';

type LoginFormProps = {
  /** The email box's value when coming back from forgot-password mode. */
  defaultEmail: string;
  focusEmail: boolean;
  /** Switches /login to forgot-password mode, keeping what was typed in the email box. */
  onForgotPassword: (email: string) => void;
};

/**
 * Email, password, remember me (spec sections 2, 4, 5). Validation is the domain's
 * LoginFormSchema, so values are trimmed and nothing is sent while a field is flagged.
 * Fields lock while the token call runs and unlock on failure, which shows a toast titled 'Error'.
 */
export function LoginForm({ defaultEmail, focusEmail, onForgotPassword }: LoginFormProps) {
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: defaultEmail, password: '', rememberMe: false },
  });

  // Still locked after success, while the route moves on; and on the prerendered page until the
  // app has hydrated it (typing would be wiped then, and a submit would go natively, as a GET).
  const hydrated = useHydrated();
  const busy = loginMutation.isPending || loginMutation.isSuccess;
  const locked = busy || !hydrated;

  const onSubmit = handleSubmit((values) => {
    hideToast(ERROR_TOAST_ID); // an old failure must not linger over a new attempt or the home page
    loginMutation.mutate(values, {
      onError: (error) => notifyError(getErrorMessage(error), messages.toast.error, ERROR_TOAST_ID),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={messages.actions.logIn}>
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
          autoFocus={focusEmail}
          disabled={locked}
          error={errors.email?.message}
        />
        <PasswordInput
          {...register('password')}
          label="Password"
          autoComplete="current-password"
          size="md"
          disabled={locked}
          error={errors.password?.message}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
        />
        <Group justify="space-between" gap="sm">
          <Checkbox {...register('rememberMe')} label="Remember me" disabled={locked} />
          <Anchor component="button" type="button" size="sm" fw={600} disabled={locked} onClick={() => onForgotPassword(getValues('email'))}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={busy} disabled={!hydrated} mt="xs">
          {messages.actions.logIn}
        </Button>
      </Stack>
    </form>
  );
}
