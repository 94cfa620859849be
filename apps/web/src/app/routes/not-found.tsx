import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';

export function NotFoundPage() {
  return (
    <Center component="main" id="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <BrandMark />
        <Text fz={56} fw={800} lh={1} c="frameport.4" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/home">
          Go to home
        </Button>
      </Stack>
    </Center>
  );
}
