import { messages } from '@frameport/domain/messages';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../lib/router.tsx';
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
          {messages.content.pageNotFoundTitle}
        </Title>
        <Text c="dimmed">{messages.content.pageMissing}</Text>
        <Button component={Link} to="/home">
          {messages.actions.goHome}
        </Button>
      </Stack>
    </Center>
  );
}
