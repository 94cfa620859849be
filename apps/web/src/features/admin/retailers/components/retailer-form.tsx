import { zodResolver } from '@hookform/resolvers/zod';
import { normaliseTaxId } from '@frameport/domain';
import type { State } from '@frameport/domain/contract/account';
import {
  ADMIN_RETAILER_PATCH_FIELDS,
  AdminRetailerCreateSchema,
  type AdminRetailerCreate,
  type AdminRetailerCreateInput,
  type AdminRetailerDetail,
  type AdminRetailerPatch,
} from '@frameport/domain/contract/admin-retailers';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useController, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link } from '../../../../lib/router.tsx';
import { idOf, refusalField, selectProps, withTaxChecks } from '../../../../lib/retailer-checks.ts';
import { retailerQueries } from '../api.ts';
import classes from './retailer-form.module.css';

/** The form's values: what the boxes hold (numbers typed as text become numbers; ids from the selects). */
export type RetailerFormValues = AdminRetailerCreateInput;

export function valuesOf(detail: AdminRetailerDetail | null): RetailerFormValues {
  if (detail === null) {
    return {
      businessName: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      alternatePhone: '',
      address: '',
      stateId: undefined as unknown as number,
      cityId: undefined as unknown as number,
      pinCode: '',
      gstin: '',
      pan: '',
      maxLimitPerVariant: 20,
      maxOrderQuantity: 500,
      maxOrderValue: 500_000,
      salesExecutiveIds: [],
    };
  }
  return {
    businessName: detail.businessName,
    firstName: detail.firstName,
    lastName: detail.lastName,
    email: detail.email,
    phone: detail.phone,
    alternatePhone: detail.alternatePhone ?? '',
    address: detail.billing.address,
    stateId: detail.billing.stateId,
    cityId: detail.billing.cityId,
    pinCode: detail.billing.pinCode,
    gstin: detail.gstin ?? '',
    pan: detail.pan ?? '',
    maxLimitPerVariant: detail.limits.maxLimitPerVariant,
    maxOrderQuantity: detail.limits.maxOrderQuantity,
    maxOrderValue: detail.limits.maxOrderValue,
    salesExecutiveIds: detail.salesExecutives.map((executive) => executive.userId),
  };
}


/** The fields of `next` that differ from `saved` (an edit sends only what changed, so the audit names just that). */
export function patchOf(saved: AdminRetailerCreate, next: AdminRetailerCreate): AdminRetailerPatch {
  const patch: Record<string, unknown> = {};
  for (const field of ADMIN_RETAILER_PATCH_FIELDS) if (saved[field] !== next[field]) patch[field] = next[field];
  return patch as AdminRetailerPatch;
}

type Props = {
  /** The retailer as saved; null for a new one. */
  detail: AdminRetailerDetail | null;
  states: State[];
  saving: boolean;
  /** The server's refusal: shown on its field when it is about one (a duplicate email or GSTIN), else above Save. */
  refusal: string | null;
  onSubmit: (values: AdminRetailerCreate) => void;
  cancelTo: string;
  /** A new retailer's possible sales executives (active ones are offered); null while loading or when they could not be loaded. */
  salesExecutives?: { id: number; name: string; active: boolean }[] | null;
};

/**
 * A retailer's details for the desk (create and edit; admin): business, contact, billing address,
 * GSTIN and PAN, and order limits, checked with the contract's schema and the domain's GSTIN/PAN
 * rules as they are typed (a GSTIN's problem shows when the field is left). Credit terms and hold
 * are on the credit page; sales executives are linked on the retailer's page.
 */
export function RetailerForm({ detail, states, saving, refusal, onSubmit, cancelTo, salesExecutives = null }: Props) {
  const stateCodeOf = useMemo(() => {
    const codes = new Map(states.map((state) => [state.StateID, state.TIN]));
    return (stateId: number) => codes.get(stateId) ?? null;
  }, [states]);
  const form = useForm<RetailerFormValues, unknown, AdminRetailerCreate>({
    resolver: withTaxChecks(zodResolver(AdminRetailerCreateSchema), stateCodeOf),
    defaultValues: valuesOf(detail),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, control, setError, setValue, getValues, trigger } = form;
  const errors = formState.errors;
  const stateId = useWatch({ control, name: 'stateId' });
  const cities = useQuery({ ...retailerQueries.cities(Number(stateId)), enabled: Number(stateId) > 0 });

  const refusedField = refusal === null ? null : refusalField(refusal);
  useEffect(() => {
    if (refusal !== null && refusedField !== null) setError(refusedField, { type: 'server', message: refusal }, { shouldFocus: true });
  }, [refusal, refusedField, setError]);

  const numberField = (name: FieldPath<RetailerFormValues>) => register(name, { setValueAs: (value: unknown) => (value === '' ? Number.NaN : Number(value)) });
  const { field: stateField } = useController({ control, name: 'stateId' });
  const { field: cityField } = useController({ control, name: 'cityId' });
  const { field: executivesField } = useController({ control, name: 'salesExecutiveIds' });
  const taxField = (name: 'gstin' | 'pan') =>
    register(name, {
      // Shown as stored once the field is left: upper case, no spaces.
      onBlur: (event: { target: HTMLInputElement }) => setValue(name, normaliseTaxId(event.target.value), { shouldValidate: true }),
    });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={detail === null ? 'New retailer' : `Edit ${detail.businessName}`}>
      <fieldset disabled={saving} className={classes.fieldset}>
        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="retailer-form-business">
          <Title order={2} fz="md" id="retailer-form-business" mb="xs">
            Business and contact
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" className={classes.grid}>
            <TextInput label="Business name" required autoComplete="organization" {...register('businessName')} error={errors.businessName?.message} className={classes.wide} />
            <TextInput label="Contact first name" required autoComplete="given-name" {...register('firstName')} error={errors.firstName?.message} />
            <TextInput label="Contact last name" autoComplete="family-name" {...register('lastName')} error={errors.lastName?.message} />
            <TextInput label="Email" required type="email" autoComplete="email" description="The retailer signs in with it." {...register('email')} error={errors.email?.message} />
            <TextInput label="Mobile" required type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} error={errors.phone?.message} />
            <TextInput label="Alternate phone" type="tel" inputMode="tel" {...register('alternatePhone')} error={errors.alternatePhone?.message} />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="retailer-form-address">
          <Title order={2} fz="md" id="retailer-form-address" mb="xs">
            Billing address and tax
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" className={classes.grid}>
            <Textarea label="Address" required rows={2} autoComplete="street-address" {...register('address')} error={errors.address?.message} className={classes.wide} />
            <NativeSelect
              label="State"
              required
              {...selectProps(stateField)}
              onChange={(event) => {
                stateField.onChange(idOf(event.currentTarget.value));
                cityField.onChange(undefined);
                // The GSTIN's state is checked against the billing state: check it again.
                if (getValues('gstin')) void trigger('gstin');
              }}
              error={errors.stateId?.message}
              data={[{ value: '', label: 'Choose the state' }, ...states.map((state) => ({ value: String(state.StateID), label: `${state.StateName} (${state.TIN})` }))]}
            />
            <NativeSelect
              label="City"
              required
              {...selectProps(cityField)}
              onChange={(event) => cityField.onChange(idOf(event.currentTarget.value))}
              disabled={!(Number(stateId) > 0) || cities.isPending}
              error={errors.cityId?.message ?? (cities.isError ? 'The cities could not be loaded.' : undefined)}
              data={[
                { value: '', label: !(Number(stateId) > 0) ? 'Choose the state first' : cities.isPending ? 'Loading cities…' : 'Choose the city' },
                ...(cities.data ?? []).map((city) => ({ value: String(city.CityMasterID), label: city.CityName })),
              ]}
            />
            <TextInput label="PIN code" required inputMode="numeric" maxLength={6} autoComplete="postal-code" {...register('pinCode')} error={errors.pinCode?.message} />
            <span aria-hidden="true" className={classes.spacer} />
            <TextInput
              label="GSTIN"
              description="15 characters; spaces and lower case are fine."
              autoComplete="off"
              spellCheck={false}
              maxLength={30}
              {...taxField('gstin')}
              error={errors.gstin?.message}
            />
            <TextInput
              label="PAN"
              description="10 characters, the one inside the GSTIN."
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              {...taxField('pan')}
              error={errors.pan?.message}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="retailer-form-limits">
          <Title order={2} fz="md" id="retailer-form-limits" mb="xs">
            Order limits
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs" className={classes.grid}>
            <TextInput label="Pieces of one colour per order" required inputMode="numeric" {...numberField('maxLimitPerVariant')} error={errors.maxLimitPerVariant?.message} />
            <TextInput label="Pieces per order" required inputMode="numeric" {...numberField('maxOrderQuantity')} error={errors.maxOrderQuantity?.message} />
            <TextInput label="Order value with GST (₹)" required inputMode="decimal" {...numberField('maxOrderValue')} error={errors.maxOrderValue?.message} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            Credit limit, payment terms and credit hold are set on the retailer's credit page.
          </Text>
        </Paper>

        {detail === null && (
          <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="retailer-form-sales">
            <Title order={2} fz="md" id="retailer-form-sales" mb="xs">
              Sales executive
            </Title>
            <NativeSelect
              label="Looked after by"
              description="More can be linked, or the retailer moved, on its page later."
              maw={420}
              disabled={salesExecutives === null}
              value={String(executivesField.value?.[0] ?? '')}
              onChange={(event) => executivesField.onChange(event.currentTarget.value === '' ? [] : [Number(event.currentTarget.value)])}
              onBlur={executivesField.onBlur}
              data={[
                { value: '', label: salesExecutives === null ? 'Nobody for now (the list is not loaded)' : 'Nobody for now' },
                ...(salesExecutives ?? []).filter((executive) => executive.active).map((executive) => ({ value: String(executive.id), label: executive.name })),
              ]}
            />
          </Paper>
        )}

        {refusal !== null && refusedField === null && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group gap="sm" className={classes.buttons}>
          <Button type="submit" loading={saving}>
            {detail === null ? 'Create retailer' : 'Save changes'}
          </Button>
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
        </Group>
      </fieldset>
    </form>
  );
}
