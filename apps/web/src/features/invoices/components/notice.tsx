import { Box, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'success' | 'pending' | 'error';

/** Background, border and title colour per tone; every title and text is above 6:1 on its background. */
const TONES: Record<NoticeTone, { background: string; border: string; title: string; icon: ReactNode }> = {
  info: { background: '#eaf1f9', border: '#14467c', title: '#14467c', icon: <IconInfoCircle size={20} aria-hidden="true" /> },
  success: { background: '#ebfbee', border: '#2b8a3e', title: '#1e6b31', icon: <IconCircleCheck size={20} aria-hidden="true" /> },
  pending: { background: '#fff9db', border: '#f59f00', title: '#7a4a00', icon: <IconClockHour4 size={20} aria-hidden="true" /> },
  error: { background: '#fff5f5', border: '#e03131', title: '#a61e1e', icon: <IconAlertTriangle size={20} aria-hidden="true" /> },
};

type NoticeProps = {
  tone: NoticeTone;
  title?: string;
  children?: ReactNode;
  /** 'alert' for failures that need attention now, 'status' for results; none for static text. */
  role?: 'alert' | 'status';
};

/** A message block beside a form: the result of a payment step, a server refusal, an empty list. */
export function Notice({ tone, title, children, role }: NoticeProps) {
  const look = TONES[tone];
  return (
    <Box
      role={role}
      data-tone={tone}
      p="sm"
      style={{
        background: look.background,
        borderInlineStart: `4px solid ${look.border}`,
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box c={look.title} style={{ flex: 'none', display: 'flex', paddingTop: 1 }}>
          {look.icon}
        </Box>
        <Box style={{ minWidth: 0, flex: 1 }}>
          {title && (
            <Text fw={700} size="sm" c={look.title}>
              {title}
            </Text>
          )}
          {children && (
            <Box fz="sm" c="#1a1b1e" style={{ overflowWrap: 'anywhere' }}>
              {children}
            </Box>
          )}
        </Box>
      </Group>
    </Box>
  );
}
