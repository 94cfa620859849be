import { formatPercent, needsEwayBill, rupeesToPaise, EWAY_BILL_NUMBER_PATTERN } from '@frameport/domain';
import { RecordIrnBodySchema, type AdminOrderDetail, type AdminShipment } from '@frameport/domain/contract';
import { Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { normaliseRole } from '@frameport/domain/contract/auth';
import { profileQueries } from '../../../../lib/profile-queries.ts';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { deskDocuments, deskRequests, fetchDeskDocument, useDeskAction, useRecordIrn, type IrnRecord } from '../api.ts';
import { formatDateTime, formatDay, inr, lineLabel, saveFile, shipmentStatusColor, stampText, todayInIndia } from '../order-display.ts';
import { ActionDialog } from './action-dialog.tsx';
import classes from './admin-order.module.css';

type Props = { order: AdminOrderDetail };

/** New shipment: every line's open quantity prefilled (0 up to open), Create sends the pieces chosen. */
function NewShipmentControl({ order }: Props) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const open = order.lines.filter((line) => line.openQuantity > 0);
  const start = () => {
    action.reset();
    setError(null);
    setQuantities(Object.fromEntries(open.map((line) => [line.id, line.openQuantity])));
    setOpened(true);
  };
  const submit = () => {
    const lines = open
      .map((line) => ({ orderLineId: line.id, quantity: quantities[line.id] ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (lines.length === 0) {
      setError('Choose at least one line and quantity to ship.');
      return;
    }
    setError(null);
    action.mutate({ action: 'create-shipment', request: deskRequests.createShipment(order.id, lines) }, { onSuccess: () => setOpened(false) });
  };
  return (
    <>
      <Button size="xs" onClick={start} disabled={open.length === 0}>
        New shipment
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={`New shipment for ${order.orderRefNo}`}
        message="What goes in this shipment: each line's open pieces, which you can lower (0 leaves the line out)."
        submitLabel="Create shipment"
        busy={action.isPending}
        error={action.error ?? error}
        onSubmit={submit}
        size="lg"
      >
        <Stack gap={6}>
          {open.map((line) => (
            <Group key={line.id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                <Text span fw={600}>
                  {line.productCode}
                </Text>{' '}
                {lineLabel(line)}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {line.openQuantity} open
                </Text>
              </Text>
              <NumberInput
                size="xs"
                w={84}
                aria-label={`Pieces of ${lineLabel(line)} to ship`}
                min={0}
                max={line.openQuantity}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                value={quantities[line.id] ?? 0}
                onChange={(value) => setQuantities((current) => ({ ...current, [line.id]: typeof value === 'number' ? value : 0 }))}
              />
            </Group>
          ))}
        </Stack>
      </ActionDialog>
    </>
  );
}

function PackControl({ order, shipment }: Props & { shipment: AdminShipment }) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const [boxes, setBoxes] = useState<number | string>(1);
  const valid = typeof boxes === 'number' && Number.isInteger(boxes) && boxes >= 1 && boxes <= 999;
  const [touched, setTouched] = useState(false);
  return (
    <>
      <Button
        size="xs"
        onClick={() => {
          action.reset();
          setBoxes(shipment.boxes ?? 1);
          setTouched(false);
          setOpened(true);
        }}
      >
        Pack
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Pack shipment ${shipment.shipmentNo}`}
        submitLabel="Mark packed"
        busy={action.isPending}
        error={action.error}
        size="sm"
        onSubmit={() => {
          setTouched(true);
          if (!valid) return;
          action.mutate(
            { action: `pack:${shipment.id}`, request: deskRequests.pack(shipment.id, boxes) },
            { onSuccess: () => setOpened(false) },
          );
        }}
      >
        <NumberInput
          label="Boxes"
          required
          min={1}
          max={999}
          allowDecimal={false}
          allowNegative={false}
          value={boxes}
          onChange={setBoxes}
          error={touched && !valid ? 'Enter 1 to 999 boxes.' : undefined}
          data-autofocus
        />
      </ActionDialog>
    </>
  );
}

/** Unpack and Delete: a question first, then the call. */
function ConfirmedShipmentAction({
  order,
  shipment,
  kind,
}: Props & { shipment: AdminShipment; kind: 'unpack' | 'delete' }) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const unpack = kind === 'unpack';
  return (
    <>
      <Button
        size="xs"
        variant={unpack ? 'default' : 'outline'}
        color={unpack ? undefined : 'red.9'}
        onClick={() => {
          action.reset();
          setOpened(true);
        }}
      >
        {unpack ? 'Unpack' : 'Delete'}
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Please confirm"
        message={
          unpack
            ? `Are you sure you want to unpack shipment ${shipment.shipmentNo}? It goes back to Packing and its lines can be changed again.`
            : `Are you sure you want to delete shipment ${shipment.shipmentNo}? Its pieces become open again.`
        }
        submitLabel={unpack ? 'Unpack' : 'Delete shipment'}
        destructive
        busy={action.isPending}
        error={action.error}
        size="sm"
        onSubmit={() =>
          action.mutate(
            {
              action: `${kind}:${shipment.id}`,
              request: unpack ? deskRequests.unpack(shipment.id) : deskRequests.deleteShipment(shipment.id),
            },
            { onSuccess: () => setOpened(false) },
          )
        }
      />
    </>
  );
}

type DispatchFields = { transporter: string; docketNo: string; vehicleNo: string; dispatchDate: string; ewayBillNo: string };

/** The dispatch form's refusals before anything is sent; the e-way bill is required above ₹50,000.00. */
export function dispatchErrors(fields: DispatchFields, ewayRequired: boolean): Partial<Record<keyof DispatchFields, string>> {
  const errors: Partial<Record<keyof DispatchFields, string>> = {};
  if (fields.transporter.trim() === '') errors.transporter = 'Please enter the transporter.';
  if (fields.docketNo.trim() === '') errors.docketNo = 'Please enter the docket / AWB number.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.dispatchDate)) errors.dispatchDate = 'Please enter a date as YYYY-MM-DD';
  const eway = fields.ewayBillNo.trim();
  if (eway === '' && ewayRequired) errors.ewayBillNo = 'This consignment is over ₹50,000.00: an e-way bill number is required.';
  else if (eway !== '' && !EWAY_BILL_NUMBER_PATTERN.test(eway)) errors.ewayBillNo = 'An e-way bill number is 12 digits.';
  return errors;
}

function DispatchControl({ order, shipment }: Props & { shipment: AdminShipment }) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const [fields, setFields] = useState<DispatchFields>({ transporter: '', docketNo: '', vehicleNo: '', dispatchDate: '', ewayBillNo: '' });
  const [touched, setTouched] = useState(false);
  const ewayRequired = needsEwayBill(rupeesToPaise(shipment.value));
  const errors = dispatchErrors(fields, ewayRequired);
  const shown = touched ? errors : {};
  const set = (name: keyof DispatchFields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  const submit = () => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    action.mutate(
      {
        action: `dispatch:${shipment.id}`,
        request: deskRequests.dispatch(shipment.id, {
          transporter: fields.transporter.trim(),
          docketNo: fields.docketNo.trim(),
          vehicleNo: fields.vehicleNo.trim() === '' ? null : fields.vehicleNo.trim(),
          dispatchDate: fields.dispatchDate,
          ewayBillNo: fields.ewayBillNo.trim() === '' ? null : fields.ewayBillNo.trim(),
        }),
      },
      { onSuccess: () => setOpened(false) },
    );
  };
  return (
    <>
      <Button
        size="xs"
        onClick={() => {
          action.reset();
          setTouched(false);
          setFields({ transporter: '', docketNo: '', vehicleNo: '', dispatchDate: todayInIndia(), ewayBillNo: '' });
          setOpened(true);
        }}
      >
        Dispatch
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Dispatch shipment ${shipment.shipmentNo}`}
        message={`Consignment value ${inr(shipment.value)} with GST. Dispatching issues its tax invoice.`}
        submitLabel="Dispatch"
        busy={action.isPending}
        error={action.error}
        onSubmit={submit}
      >
        <TextInput label="Transporter" required value={fields.transporter} onChange={set('transporter')} error={shown.transporter} data-autofocus maxLength={100} />
        <TextInput label="Docket / AWB number" required value={fields.docketNo} onChange={set('docketNo')} error={shown.docketNo} maxLength={50} />
        <TextInput label="Vehicle number" value={fields.vehicleNo} onChange={set('vehicleNo')} maxLength={20} />
        <TextInput label="Dispatch date" type="date" required value={fields.dispatchDate} onChange={set('dispatchDate')} error={shown.dispatchDate} />
        <TextInput
          label="E-way bill number"
          required={ewayRequired}
          description={ewayRequired ? 'Required: the consignment is worth more than ₹50,000.00.' : 'Not required up to ₹50,000.00.'}
          inputMode="numeric"
          maxLength={12}
          value={fields.ewayBillNo}
          onChange={set('ewayBillNo')}
          error={shown.ewayBillNo}
        />
      </ActionDialog>
    </>
  );
}

function DeliverControl({ order, shipment }: Props & { shipment: AdminShipment }) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const [deliveredOn, setDeliveredOn] = useState('');
  const [receivedBy, setReceivedBy] = useState('');
  const [touched, setTouched] = useState(false);
  const dateError = /^\d{4}-\d{2}-\d{2}$/.test(deliveredOn) ? undefined : 'Please enter a date as YYYY-MM-DD';
  const receivedError = receivedBy.trim() === '' ? 'Please enter who received it.' : undefined;
  return (
    <>
      <Button
        size="xs"
        onClick={() => {
          action.reset();
          setTouched(false);
          setDeliveredOn(todayInIndia());
          setReceivedBy('');
          setOpened(true);
        }}
      >
        Deliver
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Shipment ${shipment.shipmentNo} delivered`}
        submitLabel="Mark delivered"
        busy={action.isPending}
        error={action.error}
        onSubmit={() => {
          setTouched(true);
          if (dateError !== undefined || receivedError !== undefined) return;
          action.mutate(
            { action: `deliver:${shipment.id}`, request: deskRequests.deliver(shipment.id, { deliveredOn, receivedBy: receivedBy.trim() }) },
            { onSuccess: () => setOpened(false) },
          );
        }}
      >
        <TextInput label="Delivered on" type="date" required value={deliveredOn} onChange={(event) => setDeliveredOn(event.currentTarget.value)} error={touched ? dateError : undefined} />
        <TextInput
          label="Received by"
          required
          maxLength={100}
          value={receivedBy}
          onChange={(event) => setReceivedBy(event.currentTarget.value)}
          error={touched ? receivedError : undefined}
          data-autofocus
        />
      </ActionDialog>
    </>
  );
}

function DocumentButton({ label, accessibleName, document, fileName }: { label: string; accessibleName: string; document: { path: string; accept: string }; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchDeskDocument(document), fileName);
    } catch (error) {
      notifyError(getErrorMessage(error), `${accessibleName} could not be downloaded`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconDownload size={14} aria-hidden="true" />}
      loading={busy}
      onClick={() => void download()}
      aria-label={accessibleName}
    >
      {label}
    </Button>
  );
}

/** The registration form's refusals before anything is sent: the contract's rules for the IRN and Ack No. */
export function irnErrors(fields: IrnRecord): Partial<Record<keyof IrnRecord, string>> {
  const errors: Partial<Record<keyof IrnRecord, string>> = {};
  const irn = RecordIrnBodySchema.shape.irn.safeParse(fields.irn);
  if (!irn.success) errors.irn = irn.error.issues[0]?.message ?? 'An IRN is 64 hexadecimal characters.';
  const ackNo = RecordIrnBodySchema.shape.ackNo.safeParse(fields.ackNo);
  if (!ackNo.success) errors.ackNo = ackNo.error.issues[0]?.message ?? 'The acknowledgement number is digits.';
  if (fields.ackDate.trim() === '') errors.ackDate = 'Please enter the acknowledgement date.';
  if (fields.signedQrCode.trim() === '') errors.signedQrCode = 'Please paste the signed QR code.';
  return errors;
}

/**
 * Record IRN (admin, accounts): the Invoice Registration Portal's answer for this shipment's invoice,
 * typed in once the downloaded e-invoice JSON has been registered there (decision 013). Recorded
 * once: the tax invoice then prints the IRN, Ack No., Ack Date and the signed QR code.
 */
function RecordIrnControl({ order, invoice }: Props & { invoice: NonNullable<AdminShipment['invoice']> }) {
  const record = useRecordIrn(order.id);
  const [opened, setOpened] = useState(false);
  const [fields, setFields] = useState<IrnRecord>({ irn: '', ackNo: '', ackDate: '', signedQrCode: '' });
  const [touched, setTouched] = useState(false);
  const errors = irnErrors(fields);
  const shown = touched ? errors : {};
  const set = (name: keyof IrnRecord) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  return (
    <>
      <Button
        size="xs"
        variant="default"
        aria-label={`Record the IRN of invoice ${invoice.invoiceNo}`}
        onClick={() => {
          record.reset();
          setTouched(false);
          setFields({ irn: '', ackNo: '', ackDate: '', signedQrCode: '' });
          setOpened(true);
        }}
      >
        Record IRN
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={`E-invoice registration of ${invoice.invoiceNo}`}
        message="What the Invoice Registration Portal answered for this invoice's e-invoice JSON. It is recorded once, and the tax invoice then prints the IRN and the QR code."
        submitLabel="Record IRN"
        busy={record.isPending}
        error={record.error}
        onSubmit={() => {
          setTouched(true);
          if (Object.keys(errors).length > 0) return;
          record.mutate(
            {
              invoiceId: invoice.id,
              record: { irn: fields.irn.trim(), ackNo: fields.ackNo.trim(), ackDate: fields.ackDate.trim(), signedQrCode: fields.signedQrCode.trim() },
            },
            { onSuccess: () => setOpened(false) },
          );
        }}
      >
        <TextInput label="IRN" required maxLength={64} value={fields.irn} onChange={set('irn')} error={shown.irn} data-autofocus />
        <TextInput label="Ack No." required inputMode="numeric" maxLength={20} value={fields.ackNo} onChange={set('ackNo')} error={shown.ackNo} />
        <TextInput
          label="Ack Date"
          required
          description="As the portal gives it, e.g. 2026-11-20 14:35:00 (India time)"
          maxLength={30}
          value={fields.ackDate}
          onChange={set('ackDate')}
          error={shown.ackDate}
        />
        <Textarea label="Signed QR code" required minRows={3} maxLength={5000} value={fields.signedQrCode} onChange={set('signedQrCode')} error={shown.signedQrCode} />
      </ActionDialog>
    </>
  );
}

/** The e-invoice JSON is for accounts and admins (the server refuses the warehouse). */
function useMayDownloadEInvoice(): boolean {
  const profile = useQuery(profileQueries.detail(null));
  const role = profile.data === undefined ? null : normaliseRole(profile.data.RoleName);
  return role === 'admin' || role === 'accounts';
}

/**
 * Why a shipment's value differs from the order's figures for a line: GST changed between the order
 * and the invoice date, and the invoice is taxed at the rate in force on its date. Null when the rates agree.
 */
export function gstRateNote(shipment: Pick<AdminShipment, 'status' | 'invoice'>, invoiceRate: number, orderedRate: number): string | null {
  if (invoiceRate === orderedRate) return null;
  return shipment.invoice !== null
    ? `GST ${formatPercent(invoiceRate)} % at invoice date (ordered at ${formatPercent(orderedRate)} %)`
    : `GST ${formatPercent(invoiceRate)} % if invoiced today (ordered at ${formatPercent(orderedRate)} %)`;
}

function ShipmentCard({ order, shipment }: Props & { shipment: AdminShipment }) {
  const mayDownloadEInvoice = useMayDownloadEInvoice();
  const linesById = new Map(order.lines.map((line) => [line.id, line]));
  const canShip = order.actions.ship;
  const stamps: [string, { by: AdminShipment['created']['by']; at: string } | null][] = [
    ['Created', shipment.created],
    ['Packed', shipment.packed],
    ['Dispatched', shipment.dispatched],
    ['Delivered', shipment.delivered],
  ];
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Shipment ${shipment.shipmentNo}`}>
      <Group justify="space-between" gap="xs" align="flex-start">
        <Group gap="xs">
          <Title order={3} fz="sm">
            Shipment {shipment.shipmentNo}
          </Title>
          <Badge color={shipmentStatusColor(shipment.status)} variant="filled">
            {shipment.status}
          </Badge>
        </Group>
        <Text size="sm" fw={600} className="tabular">
          {inr(shipment.value)}
          {shipment.needsEwayBill && (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              · e-way bill
            </Text>
          )}
        </Text>
      </Group>

      <Table fz="sm" verticalSpacing={2} horizontalSpacing="xs" tabularNums mt={4} aria-label={`Lines of shipment ${shipment.shipmentNo}`}>
        <Table.Tbody>
          {shipment.lines.map((item) => {
            const line = linesById.get(item.orderLineId);
            const rateNote = line === undefined ? null : gstRateNote(shipment, item.gstRate, line.gstRate);
            return (
              <Table.Tr key={item.orderLineId}>
                <Table.Td>
                  {line === undefined ? `Line ${item.orderLineId}` : `${line.productCode} · ${lineLabel(line)}`}
                  {rateNote !== null && (
                    <Text size="xs" c="dimmed">
                      {rateNote}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" w={70}>
                  {item.quantity} pcs
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>

      <dl className={classes.facts}>
        <div>
          <dt>Boxes</dt>
          <dd>{shipment.boxes ?? '—'}</dd>
        </div>
        {shipment.transporter !== null && (
          <div>
            <dt>Transporter</dt>
            <dd>{shipment.transporter}</dd>
          </div>
        )}
        {shipment.docketNo !== null && (
          <div>
            <dt>Docket / AWB</dt>
            <dd>{shipment.docketNo}</dd>
          </div>
        )}
        {shipment.vehicleNo !== null && (
          <div>
            <dt>Vehicle</dt>
            <dd>{shipment.vehicleNo}</dd>
          </div>
        )}
        {shipment.dispatchDate !== null && (
          <div>
            <dt>Dispatch date</dt>
            <dd>{formatDay(shipment.dispatchDate)}</dd>
          </div>
        )}
        {shipment.ewayBillNo !== null && (
          <div>
            <dt>E-way bill</dt>
            <dd>{shipment.ewayBillNo}</dd>
          </div>
        )}
        {shipment.deliveredOn !== null && (
          <div>
            <dt>Delivered on</dt>
            <dd>{formatDay(shipment.deliveredOn)}</dd>
          </div>
        )}
        {shipment.receivedBy !== null && (
          <div>
            <dt>Received by</dt>
            <dd>{shipment.receivedBy}</dd>
          </div>
        )}
        {shipment.invoice !== null && (
          <div>
            <dt>Invoice</dt>
            <dd>
              {shipment.invoice.invoiceNo}, {formatDay(shipment.invoice.invoiceDate)}, {inr(shipment.invoice.amount)}
            </dd>
          </div>
        )}
        {shipment.invoice?.registration && (
          <>
            <div>
              <dt>IRN</dt>
              <dd className={classes.irn}>{shipment.invoice.registration.irn}</dd>
            </div>
            <div>
              <dt>Ack No.</dt>
              <dd>{shipment.invoice.registration.ackNo}</dd>
            </div>
            <div>
              <dt>Ack Date</dt>
              <dd>{formatDateTime(shipment.invoice.registration.ackDate)}</dd>
            </div>
          </>
        )}
      </dl>

      <Stack gap={0} mt={4}>
        {stamps.map(([label, stamp]) =>
          stamp === null ? null : (
            <Text key={label} size="xs" c="dimmed">
              {label}: {stampText(stamp)}
            </Text>
          ),
        )}
      </Stack>

      <Group gap={4} mt="xs" wrap="wrap">
        <DocumentButton
          label="Packing slip"
          accessibleName={`Packing slip of shipment ${shipment.shipmentNo} (PDF)`}
          document={deskDocuments.packingSlip(shipment.id)}
          fileName={`packing-slip-${order.orderRefNo.replace(/[^A-Za-z0-9_-]+/g, '-')}-${shipment.shipmentNo}.pdf`}
        />
        {shipment.invoice !== null && (
          <>
            <DocumentButton
              label="Invoice PDF"
              accessibleName={`Invoice ${shipment.invoice.invoiceNo} (PDF)`}
              document={deskDocuments.invoicePdf(shipment.invoice.id)}
              fileName={`${shipment.invoice.invoiceNo.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`}
            />
            {mayDownloadEInvoice && (
              <DocumentButton
                label="E-invoice JSON"
                accessibleName={`E-invoice of ${shipment.invoice.invoiceNo} (JSON)`}
                document={deskDocuments.eInvoice(shipment.invoice.id)}
                fileName={`${shipment.invoice.invoiceNo.replace(/[^A-Za-z0-9_-]+/g, '-')}-e-invoice.json`}
              />
            )}
            {mayDownloadEInvoice && shipment.invoice.registration === null && <RecordIrnControl order={order} invoice={shipment.invoice} />}
          </>
        )}
      </Group>

      <Group gap="xs" mt="xs" justify="flex-end">
        {canShip && shipment.status === 'Packing' && (
          <>
            <ConfirmedShipmentAction order={order} shipment={shipment} kind="delete" />
            <PackControl order={order} shipment={shipment} />
          </>
        )}
        {canShip && shipment.status === 'Packed' && (
          <>
            <ConfirmedShipmentAction order={order} shipment={shipment} kind="unpack" />
            <DispatchControl order={order} shipment={shipment} />
          </>
        )}
        {shipment.status === 'Dispatched' && order.status !== 'Cancelled' && <DeliverControl order={order} shipment={shipment} />}
      </Group>
    </Paper>
  );
}

/** The order's shipments, newest last, and New shipment while the order may ship. */
export function ShipmentsSection({ order }: Props) {
  return (
    <section aria-labelledby="shipments-heading">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} fz="md" id="shipments-heading">
          Shipments
        </Title>
        {order.actions.ship && <NewShipmentControl order={order} />}
      </Group>
      {order.shipments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No shipments yet.{order.actions.ship ? ' New shipment packs the open pieces.' : ''}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {order.shipments.map((shipment) => (
            <ShipmentCard key={shipment.id} order={order} shipment={shipment} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
