import { Center, Loader } from '@mantine/core';

/** While the first screen's code loads. */
export function PageLoader() {
  return (
    <Center mih="100dvh" role="status" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}
