import { AdminRetailerCreateSchema, type AdminRetailerCreate, type AdminRetailerDetail } from '@frameport/domain/contract/admin-retailers';
import { retailerMessages } from '@frameport/domain';
import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { ApiError, getErrorMessage } from '../../../../lib/api-client.ts';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { adminQueries } from '../../api.ts';
import { useStaffRole } from '../../staff-role.ts';
import { retailerQueries, useCreateRetailer, useUpdateRetailer } from '../api.ts';
import { retailerTexts as text } from '../texts.ts';
import { patchOf, RetailerForm, valuesOf } from './retailer-form.tsx';

function FormSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading the form">
      <Skeleton height={28} width="40%" />
      <Skeleton height={200} />
      <Skeleton height={240} />
    </Stack>
  );
}

function AdminOnly({ title }: { title: string }) {
  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        {title}
      </Title>
      <Text size="sm">Only an admin creates and edits retailers.</Text>
    </Stack>
  );
}

/** /admin/retailers/new (admin): a new, active retailer; its user gets a mail to set a password. */
export function NewRetailerPage() {
  const role = useStaffRole();
  const states = useQuery(adminQueries.states());
  const create = useCreateRetailer();
  const executives = useQuery({ ...retailerQueries.salesExecutiveOptions(), enabled: role === 'admin' });
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);

  if (role !== null && role !== 'admin') return <AdminOnly title={text.newRetailer} />;

  const submit = (values: AdminRetailerCreate) => {
    setRefusal(null);
    create.mutate(values, {
      onSuccess: (detail) => {
        notifications.show({ message: text.created(detail.businessName), color: 'green', autoClose: RESULT_TOAST_MS });
        void navigate(ADMIN_LINKS.retailer(detail.id));
      },
      onError: (error) => setRefusal(getErrorMessage(error)),
    });
  };

  return (
    <Stack gap="sm">
      <title>New retailer · Frameport back office</title>
      <Anchor component={Link} to={ADMIN_LINKS.retailers()} size="sm">
        All retailers
      </Anchor>
      <Title order={1} fz="h3">
        {text.newRetailer}
      </Title>
      {states.isPending ? (
        <FormSkeleton />
      ) : states.isError ? (
        <LoadError title={text.formLoadFailed} {...retryQuery(states)} />
      ) : (
        <RetailerForm
          detail={null}
          states={states.data}
          salesExecutives={executives.data ?? null}
          saving={create.isPending}
          refusal={refusal}
          onSubmit={submit}
          cancelTo={ADMIN_LINKS.retailers()}
        />
      )}
    </Stack>
  );
}

/** /admin/retailers/:id/edit (admin). */
export function EditRetailerPage({ retailerId }: { retailerId: number }) {
  const role = useStaffRole();
  const detail = useQuery(retailerQueries.detail(retailerId));
  const states = useQuery(adminQueries.states());

  if (role !== null && role !== 'admin') return <AdminOnly title={text.edit} />;
  if (detail.isPending || states.isPending) return <FormSkeleton />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <EmptyState title={text.retailerNotFound} headingOrder={1} />;
    return <LoadError title={text.retailerLoadFailed} {...retryQuery(detail)} />;
  }
  if (states.isError) return <LoadError title={text.formLoadFailed} {...retryQuery(states)} />;
  return <EditRetailer retailer={detail.data} states={states.data} />;
}

function EditRetailer({ retailer, states }: { retailer: AdminRetailerDetail; states: Parameters<typeof RetailerForm>[0]['states'] }) {
  const update = useUpdateRetailer(retailer.id);
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (values: AdminRetailerCreate) => {
    setRefusal(null);
    const saved = AdminRetailerCreateSchema.safeParse(valuesOf(retailer));
    const patch = saved.success ? patchOf(saved.data, values) : values;
    if (Object.keys(patch).length === 0) {
      setRefusal(retailerMessages.form.nothingToChange);
      return;
    }
    update.mutate(patch, {
      onSuccess: (detail) => {
        notifications.show({ message: text.saved(detail.businessName), color: 'green', autoClose: RESULT_TOAST_MS });
        void navigate(ADMIN_LINKS.retailer(detail.id));
      },
      onError: (error) => setRefusal(getErrorMessage(error)),
    });
  };

  return (
    <Stack gap="sm">
      <title>{`Edit ${retailer.businessName} · Frameport back office`}</title>
      <Anchor component={Link} to={ADMIN_LINKS.retailer(retailer.id)} size="sm">
        Back to {retailer.businessName}
      </Anchor>
      <Title order={1} fz="h3">
        Edit {retailer.businessName}
      </Title>
      <RetailerForm detail={retailer} states={states} saving={update.isPending} refusal={refusal} onSubmit={submit} cancelTo={ADMIN_LINKS.retailer(retailer.id)} />
    </Stack>
  );
}
