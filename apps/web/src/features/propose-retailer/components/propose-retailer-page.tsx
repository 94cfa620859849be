import { zodResolver } from '@hookform/resolvers/zod';
import { normaliseTaxId } from '@frameport/domain';
import { ProposeRetailerBodySchema, type ProposeRetailerBody, type ProposeRetailerInput, type ProposeRetailerResponse } from '@frameport/domain/contract/admin-retailers';
import type { State } from '@frameport/domain/contract/account';
import { Alert, Button, NativeSelect, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useActing } from '../../../lib/use-acting.ts';
import { proposeQueries, useProposeRetailer } from '../api.ts';
import { idOf, refusalField, selectProps, withTaxChecks } from '../../../lib/retailer-checks.ts';
import { proposeTexts as text } from '../texts.ts';
import classes from './propose-retailer.module.css';

const EMPTY: ProposeRetailerInput = {
  businessName: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  stateId: undefined as unknown as number,
  cityId: undefined as unknown as number,
  pinCode: '',
  gstin: '',
  pan: '',
};

/**
 * /propose-retailer (sales executives): a short, phone-first form for a new shop — its name, the
 * owner's name, mobile and email, the billing address, GSTIN and PAN (both optional, checked as
 * they are typed with the domain's rules). Sent, it waits as Pending for an admin; the screen says
 * so and offers another. A refusal about a field (a duplicate email or GSTIN) shows on that field.
 */
export function ProposeRetailerPage() {
  const { isSalesExecutive } = useActing();
  const states = useQuery({ ...proposeQueries.states(), enabled: isSalesExecutive });
  const [sent, setSent] = useState<ProposeRetailerResponse | null>(null);
  const [round, setRound] = useState(0);

  return (
    <Stack gap="md" className={classes.page}>
      <PageHeader title={text.title} description={<Text c="dimmed">{text.intro}</Text>} />
      {!isSalesExecutive ? (
        <Alert color="gray" variant="light">
          {text.onlySalesExecutives}
        </Alert>
      ) : sent !== null ? (
        <Sent answer={sent} onAnother={() => {
          setSent(null);
          setRound((n) => n + 1);
        }} />
      ) : states.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading the form">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={44} />
          ))}
        </Stack>
      ) : states.isError ? (
        <LoadError title={text.statesFailed} {...retryQuery(states)} />
      ) : (
        <ProposeForm key={round} states={states.data} onSent={setSent} />
      )}
    </Stack>
  );
}

function Sent({ answer, onAnother }: { answer: ProposeRetailerResponse; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder radius="md" p="md" role="status">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4" ref={heading} tabIndex={-1} className={classes.sentTitle}>
          <IconCircleCheck size={22} aria-hidden="true" color="#1e6b31" />
          {text.sentTitle}
        </Title>
        <Text>{answer.message}</Text>
        <Button variant="default" className={classes.thumb} onClick={onAnother}>
          {text.another}
        </Button>
      </Stack>
    </Paper>
  );
}

function ProposeForm({ states, onSent }: { states: State[]; onSent: (answer: ProposeRetailerResponse) => void }) {
  const stateCodeOf = useMemo(() => {
    const codes = new Map(states.map((state) => [state.StateID, state.TIN]));
    return (stateId: number) => codes.get(stateId) ?? null;
  }, [states]);
  const { register, handleSubmit, formState, control, setError, setValue, getValues, trigger } = useForm<ProposeRetailerInput, unknown, ProposeRetailerBody>({
    resolver: withTaxChecks(zodResolver(ProposeRetailerBodySchema), stateCodeOf),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const propose = useProposeRetailer();
  const [refusal, setRefusal] = useState<string | null>(null);
  const stateId = Number(useWatch({ control, name: 'stateId' }));
  const cities = useQuery({ ...proposeQueries.cities(stateId), enabled: stateId > 0 });

  const { field: stateField } = useController({ control, name: 'stateId' });
  const { field: cityField } = useController({ control, name: 'cityId' });
  const taxField = (name: 'gstin' | 'pan') =>
    register(name, { onBlur: (event: { target: HTMLInputElement }) => setValue(name, normaliseTaxId(event.target.value), { shouldValidate: true }) });

  const submit = handleSubmit((body) => {
    setRefusal(null);
    propose.mutate(body, {
      onSuccess: onSent,
      onError: (error) => {
        const message = getErrorMessage(error);
        const field = refusalField(message);
        if (field === null) setRefusal(message);
        else setError(field, { type: 'server', message }, { shouldFocus: true });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={text.title} className={classes.form}>
      <fieldset disabled={propose.isPending} className={classes.fieldset}>
        <TextInput size="md" label="Shop name" required autoComplete="organization" {...register('businessName')} error={errors.businessName?.message} />
        <div className={classes.pair}>
          <TextInput size="md" label="Owner's first name" required autoComplete="given-name" {...register('firstName')} error={errors.firstName?.message} />
          <TextInput size="md" label="Last name" autoComplete="family-name" {...register('lastName')} error={errors.lastName?.message} />
        </div>
        <TextInput size="md" label="Mobile" required type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} error={errors.phone?.message} />
        <TextInput
          size="md"
          label="Email"
          required
          type="email"
          inputMode="email"
          autoComplete="email"
          description="The owner signs in with it; the link to set a password goes there."
          {...register('email')}
          error={errors.email?.message}
        />
        <Textarea size="md" label="Billing address" required rows={2} autoComplete="street-address" {...register('address')} error={errors.address?.message} />
        <NativeSelect
          size="md"
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
          data={[{ value: '', label: 'Choose the state' }, ...states.map((state) => ({ value: String(state.StateID), label: state.StateName }))]}
        />
        <div className={classes.pair}>
          <NativeSelect
            size="md"
            label="City"
            required
            {...selectProps(cityField)}
            onChange={(event) => cityField.onChange(idOf(event.currentTarget.value))}
            disabled={!(stateId > 0) || cities.isPending}
            error={errors.cityId?.message ?? (cities.isError ? text.citiesFailed : undefined)}
            data={[
              { value: '', label: !(stateId > 0) ? 'Choose the state first' : cities.isPending ? 'Loading cities…' : 'Choose the city' },
              ...(cities.data ?? []).map((city) => ({ value: String(city.CityMasterID), label: city.CityName })),
            ]}
          />
          <TextInput size="md" label="PIN code" required inputMode="numeric" maxLength={6} autoComplete="postal-code" {...register('pinCode')} error={errors.pinCode?.message} />
        </div>
        <TextInput
          size="md"
          label="GSTIN (optional)"
          description="As on the certificate; spaces and lower case are fine."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={30}
          {...taxField('gstin')}
          error={errors.gstin?.message}
        />
        <TextInput
          size="md"
          label="PAN (optional)"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          {...taxField('pan')}
          error={errors.pan?.message}
        />
        {refusal !== null && (
          <Alert color="red" variant="light" role="alert" title={text.failed} icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {refusal}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={propose.isPending} className={classes.thumb}>
          {text.submit}
        </Button>
      </fieldset>
    </form>
  );
}
