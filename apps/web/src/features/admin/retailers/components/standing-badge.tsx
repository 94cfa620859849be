import type { RetailerStanding } from '@frameport/domain';
import { Badge } from '@mantine/core';

/**
 * A retailer's standing in words on a badge (filled, white text: each shade passes AA; Rejected is
 * an outline). The words carry the meaning: colour is never the only signal.
 */
const STANDING_COLOUR: Record<RetailerStanding, string> = {
  Pending: 'indigo.9',
  Active: '#1e6b31',
  'Credit hold': '#8a4b00',
  Blocked: 'red.9',
  Rejected: 'gray.7',
};

export function StandingBadge({ standing }: { standing: RetailerStanding }) {
  return (
    <Badge color={STANDING_COLOUR[standing]} variant={standing === 'Rejected' ? 'outline' : 'filled'} radius="sm" size="sm" tt="none">
      {standing}
    </Badge>
  );
}
