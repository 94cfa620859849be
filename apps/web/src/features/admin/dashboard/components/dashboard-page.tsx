import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { formatDay } from '../../order/order-display.ts';
import { useStaffRole } from '../../staff-role.ts';
import { dashboardQueries } from '../api.ts';
import { TILE_COUNT, tilesOf, type Tile } from '../tiles.ts';
import classes from './dashboard.module.css';

// The charting library is most of the dashboard's code: the tiles paint without waiting for it.
const SalesCharts = lazy(() => import('./sales-charts.tsx').then((module) => ({ default: module.SalesCharts })));

/**
 * /admin, the back office's home (admin, warehouse, accounts): today's and this month's orders,
 * the desk's queues, overdue receivables, low stock and retailers to approve, each tile a link to
 * its filtered list; the figures a role does not use are not there. Admin and accounts also see
 * the sales charts (by week, brand, state and sales executive), each with a Table view.
 */
export function DashboardPage() {
  const role = useStaffRole();
  const figures = useQuery(dashboardQueries.figures());

  return (
    <Stack gap="md">
      <title>Dashboard · Frameport back office</title>
      <div>
        <Title order={1} fz="h3">
          Dashboard
        </Title>
        <Text size="sm" c="dimmed" mih={22}>
          {figures.data ? `Today, ${formatDay(figures.data.asOf)} (India time). Each figure opens its list.` : ' '}
        </Text>
      </div>
      <section aria-labelledby="dashboard-today">
        <Title order={2} fz="h5" mb="xs" id="dashboard-today">
          Orders and work waiting
        </Title>
        {figures.isPending || role === null ? (
          <TilesSkeleton count={role === null ? TILE_COUNT.admin : TILE_COUNT[role]} />
        ) : figures.isError ? (
          <LoadError title="The dashboard could not be loaded" {...retryQuery(figures)} />
        ) : (
          <ul className={classes.tiles} aria-label="Figures">
            {tilesOf(figures.data, role).map((tile) => (
              <li key={tile.key}>
                <TileLink tile={tile} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {role === 'admin' || role === 'accounts' ? (
        <Suspense fallback={<Skeleton h={320} radius="md" aria-label="Loading the sales charts" />}>
          <SalesCharts />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function TileLink({ tile }: { tile: Tile }) {
  return (
    <Link to={tile.to} className={`${classes.tile} ${tile.attention ? classes.attention : ''}`} data-tile={tile.key}>
      <span className={classes.label}>{tile.label}</span>
      <span className={classes.figure}>{tile.figure}</span>
      <span className={classes.detail}>{tile.detail}</span>
    </Link>
  );
}

function TilesSkeleton({ count }: { count: number }) {
  return (
    <div className={classes.tiles} aria-busy="true" aria-label="Loading the figures">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={classes.skeletonTile} radius="md" />
      ))}
    </div>
  );
}
