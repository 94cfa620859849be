import '@mantine/core/styles/List.css';
import { passwordProblems } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** The new-password rules in the spec's order (section 5). */
const RULES = [messages.password.minLength, messages.password.number, messages.password.special] as const;

/**
 * 'Password must have' with each rule ticked as it is met, updated while typing. The password is
 * trimmed first, as NewPasswordSchema does. Met or not is said in words too, not by colour alone.
 */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const problems = passwordProblems(password.trim());
  return (
    <div id={id}>
      <Text size="sm" fw={600}>
        {messages.password.mustHave}
      </Text>
      <List spacing={4} size="sm" mt={4} center>
        {RULES.map((rule) => {
          const met = !problems.includes(rule);
          return (
            <List.Item
              key={rule}
              data-met={met}
              icon={
                <ThemeIcon size={18} radius="xl" color={met ? 'green.8' : 'gray.6'} aria-hidden="true">
                  {met ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text component="span" size="sm">
                {rule}
              </Text>
              <VisuallyHidden>{met ? ' (done)' : ' (missing)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
