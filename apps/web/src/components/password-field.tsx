import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';

type PasswordFieldProps = Omit<ComponentProps<typeof PasswordInput>, 'id' | 'error'> & {
  id: string;
  error: string | undefined;
  /** Further help the field refers to, e.g. the 'Password must have' checklist. */
  describedBy?: string;
  /** The show/hide button's name, e.g. 'Show new password'. */
  toggleLabel: string;
};

/**
 * Mantine's PasswordInput with what it leaves out: aria-invalid and the error in
 * aria-describedby (its wrapper names the error `${id}-error`), so a screen reader hears why; and
 * a show-password eye a thumb can hit.
 */
export function PasswordField({ id, error, describedBy, toggleLabel, ...props }: PasswordFieldProps) {
  const describedByIds = [error ? `${id}-error` : null, describedBy].filter(Boolean).join(' ');
  return (
    <PasswordInput
      {...props}
      id={id}
      error={error}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedByIds === '' ? undefined : describedByIds}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      // Room for the eye as a 44×44 px target on a phone (app/touch-targets.css sizes icon buttons).
      rightSectionWidth={44}
    />
  );
}
