import '@mantine/core/styles/Table.css';
import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { formatDateTime, whoText } from '../../order/order-display.ts';
import { MOVEMENTS_PAGE_SIZE, stockQueries } from '../api.ts';
import { signed, stockTexts as text } from '../texts.ts';
import classes from '../../components/desk-table.module.css';
import { DeskPagination } from '../../components/desk-pagination.tsx';

/** One colour's stock movements, newest first: change, balance after it, reason, order, note, who and when. */
export function MovementsTable({ productColourId, label }: { productColourId: number; label: string }) {
  const [page, setPage] = useState(1);
  const movements = useQuery(stockQueries.movements(productColourId, page));

  if (movements.isPending) {
    return (
      <Stack gap={6} aria-busy="true" aria-label={text.historyOf(label)}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={28} />
        ))}
      </Stack>
    );
  }
  if (movements.isError) return <LoadError title={text.movementsLoadFailed} {...retryQuery(movements)} />;

  const { movements: rows, totalCount } = movements.data;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {text.noMovements}
      </Text>
    );
  }
  const pages = Math.max(1, Math.ceil(totalCount / MOVEMENTS_PAGE_SIZE));
  return (
    <Stack gap="xs">
      <div className={`${classes.frame} ${movements.isPlaceholderData ? classes.stale : ''}`} aria-busy={movements.isPlaceholderData}>
        <Table className={classes.table} aria-label={text.historyOf(label)} verticalSpacing={4} horizontalSpacing="sm" fz="sm" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th ta="right">Change</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Order</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((movement) => (
              <Table.Tr key={movement.id}>
                <Table.Td className={`${classes.head} ${classes.nowrap}`}>{formatDateTime(movement.at)}</Table.Td>
                <Table.Td data-label="Change" className={classes.num}>
                  <Text span size="sm" fw={600} c={movement.change < 0 ? 'red.9' : '#1e6b31'}>
                    {signed(movement.change)}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Balance" className={classes.num}>
                  {movement.balance ?? '—'}
                </Table.Td>
                <Table.Td data-label="Reason">{movement.reasonLabel}</Table.Td>
                <Table.Td data-label="Order">
                  {movement.orderId !== null ? <Link to={ADMIN_LINKS.order(movement.orderId)}>{movement.orderRefNo ?? `#${movement.orderId}`}</Link> : '—'}
                </Table.Td>
                <Table.Td data-label="Note">{movement.note ?? '—'}</Table.Td>
                <Table.Td data-label="By">{whoText(movement.by)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <DeskPagination page={page} pages={pages} onChange={setPage} />
    </Stack>
  );
}
