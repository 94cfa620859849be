import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `@mantine/notifications` exports one index, so a lazy `import()` of its Notifications component
 * lands in the same chunk as the store every screen imports (to show a toast) and the container,
 * its transitions and react-transition-group load with the first screen. This alias names the
 * component's own module (the package's `exports` hide it), so the toasts' container is a chunk of
 * its own, loaded with the first toast (app/provider.tsx). A real path: the same store module as
 * the index's.
 */
const packageDir = path.dirname(path.dirname(realpathSync(createRequire(import.meta.url).resolve('@mantine/notifications'))));
export const notificationsViewAlias = {
  '@frameport/mantine-notifications-view': path.join(packageDir, 'esm', 'Notifications.mjs'),
};
