import { STAFF_ROLE_LABELS, STAFF_USER_ROLES, type StaffUserRole } from '@frameport/domain/contract/admin-staff';
import { NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod/mini';
import { ActionDialog } from '../../order/components/action-dialog.tsx';

export type PersonFields = { name: string; email: string; phone: string; role: StaffUserRole };
type Field = keyof PersonFields;

/**
 * Adding a person (a sales executive, or a staff user with a role): name, email, mobile number and,
 * for staff, the role. Checked with the contract's schema before sending (each field's message on
 * the field); the server's refusal (a used email) inside the dialog. Nothing about a password: the
 * new user gets a mail with a link to set one.
 */
export function PersonDialog(props: {
  opened: boolean;
  title: string;
  submitLabel: string;
  withRole: boolean;
  /** The contract's body schema (role included or not). */
  schema: z.ZodMiniType;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (fields: PersonFields) => void;
}) {
  const [fields, setFields] = useState<PersonFields>({ name: '', email: '', phone: '', role: 'warehouse' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    const body = props.withRole ? fields : { name: fields.name, email: fields.email, phone: fields.phone };
    const parsed = props.schema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = (['name', 'email', 'phone', 'role'] as const).find((field) => next[field] !== undefined);
      if (first) document.getElementById(`person-${first}`)?.focus();
      return;
    }
    props.onSubmit(fields);
  };

  return (
    <ActionDialog
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      message="They get a mail with a link to set their password. No password is shown or sent."
      submitLabel={props.submitLabel}
      busy={props.busy}
      error={props.error}
      onSubmit={submit}
    >
      <TextInput id="person-name" label="Name" required autoComplete="off" maxLength={120} value={fields.name} error={errors.name} onChange={(event) => set('name', event.currentTarget.value)} />
      <TextInput
        id="person-email"
        label="Email"
        type="email"
        required
        autoComplete="off"
        value={fields.email}
        error={errors.email}
        onChange={(event) => set('email', event.currentTarget.value)}
      />
      <TextInput
        id="person-phone"
        label="Mobile number"
        type="tel"
        inputMode="tel"
        required
        autoComplete="off"
        description="10 digits; +91 is fine"
        value={fields.phone}
        error={errors.phone}
        onChange={(event) => set('phone', event.currentTarget.value)}
      />
      {props.withRole && (
        <NativeSelect
          id="person-role"
          label="Role"
          required
          value={fields.role}
          error={errors.role}
          onChange={(event) => set('role', event.currentTarget.value)}
          data={STAFF_USER_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }))}
          description={ROLE_HINT[fields.role]}
        />
      )}
    </ActionDialog>
  );
}

const ROLE_HINT: Record<StaffUserRole, string> = {
  admin: 'Everything, including staff users, prices and the sales team.',
  accounts: 'Credit, holds, invoices, payments and receivables.',
  warehouse: 'Orders, stock and shipments.',
};
