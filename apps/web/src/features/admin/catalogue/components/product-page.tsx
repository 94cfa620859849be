import type { AdminProductDetail, CatalogueMasters, StyleInput, StylePatch } from '@frameport/domain/contract/admin-catalogue';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../../../lib/router.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { ApiError, getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError, RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { formatDateTime, stampText, whoText } from '../../order/order-display.ts';
import { PricePanel } from '../../pricing/price-panel.tsx';
import { useStaffRole } from '../../staff-role.ts';
import { StockPanel } from '../../stock/stock-panel.tsx';
import { catalogueQueries, useCreateStyle, useSetActive, useUpdateStyle } from '../api.ts';
import { styleAuditRows, styleAuditTitle } from '../style-audit.ts';
import { catalogueTexts as text } from '../texts.ts';
import { ColourImages } from './colour-images.tsx';
import { StyleForm } from './style-form.tsx';

/** /admin/products/:id with the id from the URL (anything but a positive number is "not found"). */
export function ProductPageFor({ id }: { id: string | undefined }) {
  const productId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (productId === null || productId < 1) return <NotFound />;
  return <ProductPage key={productId} productId={productId} />;
}

function NotFound() {
  return (
    <EmptyState
      headingOrder={1}
      title="Style not found"
      description="It may have been removed, or the link is wrong."
      action={
        <Button component={Link} to={ADMIN_LINKS.products} variant="default">
          Back to the catalogue
        </Button>
      }
    />
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to={ADMIN_LINKS.products} size="sm">
      ← Catalogue
    </Anchor>
  );
}

function PageSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label}>
      <Skeleton height={28} width="40%" />
      <Skeleton height={220} />
      <Skeleton height={120} />
    </Stack>
  );
}

/** /admin/products/new (admin): the style form empty; on save, the new style's page. */
export function NewProductPage() {
  const masters = useQuery(catalogueQueries.masters());
  const role = useStaffRole();
  const create = useCreateStyle();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = (values: StyleInput) => {
    setServerError(null);
    create.mutate(values, {
      onSuccess: (detail) => {
        notifications.show({ message: text.created, autoClose: RESULT_TOAST_MS });
        void navigate(ADMIN_LINKS.product(detail.id), { replace: true });
      },
      onError: (error) => setServerError(getErrorMessage(error)),
    });
  };

  return (
    <>
      <title>New style · Frameport back office</title>
      <BackLink />
      <Title order={1} fz="h3" mb="sm">
        {text.newStyle}
      </Title>
      {role !== null && role !== 'admin' ? (
        <Text>{text.readOnly}</Text>
      ) : masters.isPending ? (
        <PageSkeleton label="Loading the form" />
      ) : masters.isError ? (
        <LoadError title={text.mastersLoadFailed} {...retryQuery(masters)} />
      ) : (
        <>
          <StyleForm masters={masters.data} detail={null} readOnly={false} saving={create.isPending} serverError={serverError} onSubmit={submit} />
          <Text size="sm" c="dimmed" mt="sm">
            {text.imagesSaveFirst}
          </Text>
        </>
      )}
    </>
  );
}

/** What a PATCH sends: every field, the net price only when it changed, no opening stock for saved colours. */
export function patchOf(values: StyleInput, detail: AdminProductDetail): StylePatch {
  const { netPrice, colours, ...rest } = values;
  const patch: StylePatch = {
    ...rest,
    colours: colours.map((colour) =>
      colour.id === undefined
        ? colour
        : { id: colour.id, colourCode: colour.colourCode, frameColourId: colour.frameColourId, templeColourId: colour.templeColourId, lowStockThreshold: colour.lowStockThreshold },
    ),
  };
  if (netPrice !== detail.netPrice) patch.netPrice = netPrice;
  return patch;
}

function ProductPage({ productId }: { productId: number }) {
  const detail = useQuery(catalogueQueries.detail(productId));
  const masters = useQuery(catalogueQueries.masters());
  const role = useStaffRole();

  if (detail.isPending || masters.isPending) {
    return (
      <>
        <BackLink />
        <PageSkeleton label="Loading the style" />
      </>
    );
  }
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFound />;
    return (
      <>
        <BackLink />
        <LoadError title={text.formLoadFailed} {...retryQuery(detail)} />
      </>
    );
  }
  if (masters.isError) return <LoadError title={text.mastersLoadFailed} {...retryQuery(masters)} />;
  return <LoadedProduct detail={detail.data} masters={masters.data} isAdmin={role === 'admin'} />;
}

function LoadedProduct({ detail, masters, isAdmin }: { detail: AdminProductDetail; masters: CatalogueMasters; isAdmin: boolean }) {
  const update = useUpdateStyle(detail.id);
  const active = useSetActive(detail.id);
  const [serverError, setServerError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const action = detail.isActive ? 'deactivate' : 'activate';

  const submit = (values: StyleInput) => {
    setServerError(null);
    update.mutate(patchOf(values, detail), {
      onSuccess: () => notifications.show({ message: text.saved, autoClose: RESULT_TOAST_MS }),
      onError: (error) => setServerError(getErrorMessage(error)),
    });
  };

  return (
    <>
      <title>{`${detail.modelNumber} · Frameport back office`}</title>
      <BackLink />
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <div>
          <Title order={1} fz="h3">
            {detail.modelNumber} <Text span c="dimmed" fz="h4">{detail.productName}</Text>
          </Title>
          <Group gap="xs" mt={4}>
            <Badge size="sm" variant={detail.isActive ? 'filled' : 'outline'} color={detail.isActive ? '#1e6b31' : 'gray.7'}>
              {detail.isActive ? text.active : text.inactive}
            </Badge>
            <Text size="xs" c="dimmed">
              {detail.productCode}
              {detail.updated !== null && ` · changed by ${stampText(detail.updated)}`}
            </Text>
          </Group>
        </div>
        {isAdmin && (
          <Button variant="default" onClick={() => setAsking(true)}>
            {detail.isActive ? text.deactivate : text.activate}
          </Button>
        )}
      </Group>

      <StyleForm
        key={`${detail.id}-${detail.updated?.at ?? ''}`}
        masters={masters}
        detail={detail}
        readOnly={!isAdmin}
        saving={update.isPending}
        serverError={serverError}
        onSubmit={submit}
      />

      <Title order={2} fz="md" mt="lg" mb="xs">
        Images
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {detail.colours.map((colour) => (
          <ColourImages key={colour.id} productId={detail.id} colour={colour} readOnly={!isAdmin} />
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: isAdmin ? 2 : 1 }} spacing="sm" mt="lg">
        <PricePanel product={detail} />
        <StockPanel product={detail} />
      </SimpleGrid>

      <AuditSection detail={detail} />

      <ConfirmDialog
        opened={asking}
        title={detail.isActive ? 'Deactivate style' : 'Activate style'}
        message={text.confirmBulk(action, 1)}
        confirmLabel={detail.isActive ? text.deactivate : text.activate}
        destructive={detail.isActive}
        busy={active.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          active.mutate(action, {
            onSuccess: (style) => {
              setAsking(false);
              notifications.show({ message: `${style.modelNumber} was ${style.isActive ? 'activated' : 'deactivated'}.`, autoClose: RESULT_TOAST_MS });
            },
            onError: (error) => {
              setAsking(false);
              notifyError(getErrorMessage(error));
            },
          })
        }
      />
    </>
  );
}

function AuditSection({ detail }: { detail: AdminProductDetail }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="style-audit-heading" mt="lg">
      <Title order={2} fz="md" id="style-audit-heading" mb="xs">
        {text.auditTitle}
      </Title>
      {detail.audit.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.noAudit}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {detail.audit.map((entry) => {
            const rows = styleAuditRows(entry.action, entry.details);
            return (
              <li key={entry.id}>
                <Text size="sm" fw={600}>
                  {styleAuditTitle(entry.action)}
                </Text>
                <Text size="xs" c="dimmed">
                  {whoText(entry.by)}, {formatDateTime(entry.at)}
                </Text>
                {rows.length > 0 && (
                  <ul style={{ margin: '2px 0 0', paddingLeft: '1.2rem', overflowWrap: 'anywhere' }}>
                    {rows.map((row, index) => (
                      <li key={index}>
                        <Text size="xs">{row}</Text>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
