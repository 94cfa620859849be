import { formatPercent } from '@frameport/domain';
import type { OrderShipment } from '@frameport/domain/contract';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { downloadInvoicePdf } from '../../../lib/save-file.ts';
import { formatDay, statusColor } from '../order-display.ts';
import classes from './orders.module.css';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.fact}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} className={`tabular ${classes.wrap}`}>
        {value}
      </Text>
    </div>
  );
}

/** The lines its invoice taxed at another rate than the order (GST changed in between): 'VXAV1023 C1 12 % (ordered at 5 %)'. */
function rateChanges(shipment: OrderShipment): string[] {
  return shipment.Lines.filter((line) => line.GSTRate !== line.OrderedGSTRate).map(
    (line) => `${line.ProductCode} ${line.ColorVariant} ${formatPercent(line.GSTRate)} % (ordered at ${formatPercent(line.OrderedGSTRate)} %)`,
  );
}

/**
 * The shipments that have left the warehouse: status, transporter, docket, dispatch and delivery
 * dates, what each carries, and its tax invoice as a PDF (fetched with the bearer token).
 */
export function OrderShipments({ shipments }: { shipments: readonly OrderShipment[] }) {
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (shipment: OrderShipment) => {
    if (shipment.DocumentURL === null || shipment.InvoiceNo === null) return;
    setDownloading(shipment.ShipmentNo);
    try {
      await downloadInvoicePdf({ DocumentURL: shipment.DocumentURL, InvoiceNo: shipment.InvoiceNo });
    } catch (error) {
      notifyError(getErrorMessage(error), invoiceMessages.downloadFailed(shipment.InvoiceNo));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section aria-labelledby="order-shipments-heading">
      <Title order={3} fz="h4" id="order-shipments-heading" mb="sm">
        Shipments
      </Title>
      <Stack gap="sm" component="ul" className={classes.plainList}>
        {shipments.map((shipment) => (
          <Paper component="li" withBorder radius="md" p="sm" key={shipment.ShipmentNo} aria-label={`Shipment ${shipment.ShipmentNo}`}>
            <Group justify="space-between" gap="xs" mb="xs">
              <Text fw={700}>Shipment {shipment.ShipmentNo}</Text>
              <Badge color={statusColor(shipment.Status)} variant="filled" tt="none">
                {shipment.Status}
              </Badge>
            </Group>
            <dl className={classes.facts}>
              <Fact label="Transporter" value={shipment.Transporter ?? '—'} />
              <Fact label="Docket no." value={shipment.DocketNo ?? '—'} />
              <Fact label="Dispatched" value={shipment.DispatchDate ? formatDay(shipment.DispatchDate) : '—'} />
              <Fact label="Delivered" value={shipment.DeliveredOn ? formatDay(shipment.DeliveredOn) : 'Not yet'} />
            </dl>
            <Text size="sm" mt="xs" className={classes.wrap}>
              {shipment.Lines.map((line) => `${line.ProductCode} ${line.ColorVariant} × ${line.Qty}`).join(', ')}
            </Text>
            {rateChanges(shipment).length > 0 && (
              <Text size="xs" c="dimmed" mt={4} className={classes.wrap}>
                GST at the invoice date: {rateChanges(shipment).join(', ')}. The invoice is what is billed.
              </Text>
            )}
            {shipment.DocumentURL !== null && shipment.InvoiceNo !== null && (
              <Button
                mt="xs"
                size="compact-sm"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden="true" />}
                loading={downloading === shipment.ShipmentNo}
                onClick={() => void download(shipment)}
                aria-label={`Download invoice ${shipment.InvoiceNo} (PDF)`}
              >
                Invoice {shipment.InvoiceNo} (PDF)
              </Button>
            )}
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
