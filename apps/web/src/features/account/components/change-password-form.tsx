import { ChangePasswordFormSchema } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { PasswordField } from '../../../components/password-field.tsx';

/**
 * The Change Password tab (spec sections 4, 5, 8): current password, a new one with the live
 * 'Password must have' checklist, and the repeat. Success replaces the form with the spec's
 * message; the server's refusal ('Please Enter Valid Current Password') shows under the current
 * password, a network failure above the button.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { CurrentPassword: '', NewPassword: '', ConfirmPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'NewPassword' });

  if (change.isSuccess) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />} role="status" maw={480}>
        {messages.password.changed}
      </Alert>
    );
  }

  const networkFailure = change.error instanceof ApiError && change.error.isNetworkError ? change.error.message : null;

  const onSubmit = handleSubmit(({ CurrentPassword, NewPassword }) =>
    change.mutate(
      { CurrentPassword, NewPassword },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.isNetworkError) return;
          setError('CurrentPassword', { message: getErrorMessage(error) }, { shouldFocus: true });
        },
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={480}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <Stack gap="md">
          <Title order={2} fz="h4" id="change-password-title">
            Change your password
          </Title>
          <PasswordField
            {...register('CurrentPassword')}
            id="change-current-password"
            label={messages.password.current}
            autoComplete="current-password"
            disabled={change.isPending}
            error={errors.CurrentPassword?.message}
            toggleLabel={messages.password.showCurrent}
          />
          <NewPasswordFields
            idPrefix="change"
            newPassword={register('NewPassword')}
            repeatPassword={register('ConfirmPassword')}
            typed={newPassword}
            errors={{ newPassword: errors.NewPassword?.message, repeatPassword: errors.ConfirmPassword?.message }}
            disabled={change.isPending}
          />
          {networkFailure !== null && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {networkFailure}
            </Alert>
          )}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {messages.account.changePassword}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
