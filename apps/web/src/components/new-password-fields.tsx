import type { MantineSize } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordField } from './password-field.tsx';

type NewPasswordFieldsProps = {
  /** Keeps the ids apart from another form's: `${idPrefix}-new-password`, `${idPrefix}-password-rules`, … */
  idPrefix: string;
  newPassword: UseFormRegisterReturn;
  repeatPassword: UseFormRegisterReturn;
  /** The new password as typed, for the live checklist. */
  typed: string;
  errors: { newPassword: string | undefined; repeatPassword: string | undefined };
  disabled: boolean;
  size?: MantineSize;
};

/**
 * A new password and its repeat, with the live 'Password must have' checklist between them that
 * the new password's field refers to (Change Password and Reset password).
 */
export function NewPasswordFields({ idPrefix, newPassword, repeatPassword, typed, errors, disabled, size }: NewPasswordFieldsProps) {
  const checklistId = `${idPrefix}-password-rules`;
  return (
    <>
      <PasswordField
        {...newPassword}
        id={`${idPrefix}-new-password`}
        label="New password"
        autoComplete="new-password"
        size={size}
        disabled={disabled}
        error={errors.newPassword}
        describedBy={checklistId}
        toggleLabel="Show new password"
      />
      <PasswordChecklist id={checklistId} password={typed} />
      <PasswordField
        {...repeatPassword}
        id={`${idPrefix}-repeat-password`}
        label="Repeat password"
        autoComplete="new-password"
        size={size}
        disabled={disabled}
        error={errors.repeatPassword}
        toggleLabel="Show repeated password"
      />
    </>
  );
}
