import { messages } from '@frameport/domain/messages';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../../lib/router.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { contentQueries } from '../api.ts';
import { sanitizeContentHtml } from '../sanitize-html.ts';
import { LEGAL_LINKS, SUPPORT_LINKS, supportPath, type SupportPageName } from '../support-pages.ts';
import classes from './support-page.module.css';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';

/**
 * /support?pageName=…: a content page from GET /api/Home/GetPages. The server's Title is the h1
 * and the document title; its Content HTML is sanitised before it reaches the DOM.
 */
export function SupportPage({ pageName }: { pageName: SupportPageName | null }) {
  return (
    <Paper withBorder radius="md" className={classes.sheet}>
      <BackLink />
      {pageName === null ? <PageNotFound /> : <PageContent pageName={pageName} />}
    </Paper>
  );
}

function PageContent({ pageName }: { pageName: SupportPageName }) {
  const page = useQuery(contentQueries.page(pageName));
  const html = useMemo(() => (page.data ? sanitizeContentHtml(page.data.Content, page.data.Title) : ''), [page.data]);

  if (page.isPending) return <PageSkeleton />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return <PageNotFound />;
    const label = labelOf(pageName);
    return (
      <>
        <title>{`${label} · Frameport`}</title>
        <Title order={1} className={classes.title}>
          {label}
        </Title>
        <LoadError title={messages.content.pageLoadFailed} mt="md" {...retryQuery(page)} />
      </>
    );
  }

  return (
    <article>
      <title>{`${page.data.Title} · Frameport`}</title>
      <Title order={1} className={classes.title}>
        {page.data.Title}
      </Title>
      {/* Sanitised by DOMPurify (HTML profile): no scripts, handlers or javascript: URLs. */}
      <div className={classes.prose} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

function PageNotFound() {
  return (
    <Stack gap="sm" align="flex-start">
      <title>{`${messages.content.pageNotFoundTitle} · Frameport`}</title>
      <Title order={1} className={classes.title}>
        {messages.content.pageNotFoundTitle}
      </Title>
      <Text c="dimmed">{messages.content.supportPageMissing}</Text>
      <Group gap="xs" component="ul" className={classes.pageList}>
        {[...SUPPORT_LINKS, ...LEGAL_LINKS].map((link) => (
          <li key={link.pageName}>
            <Anchor component={Link} to={supportPath(link.pageName)} size="sm">
              {link.label}
            </Anchor>
          </li>
        ))}
      </Group>
      <Button component={Link} to="/home" mt="xs">
        {messages.actions.goHome}
      </Button>
    </Stack>
  );
}

/** Back to where the visitor came from; /home when the page was opened directly. */
function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (location.key === 'default') return; // first entry: follow the link to /home
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Anchor component={Link} to="/home" onClick={onClick} size="sm" fw={500} className={classes.back}>
      <IconArrowLeft size={16} aria-hidden="true" />
      Back
    </Anchor>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <VisuallyHidden>Loading the page…</VisuallyHidden>
      <Skeleton height={32} width="min(20rem, 70%)" mb="lg" />
      <Skeleton height={22} width="40%" mb="md" />
      {[100, 96, 98, 60].map((width, index) => (
        <Skeleton key={index} height={14} width={`${width}%`} mb={10} />
      ))}
      <Skeleton height={14} width="90%" mt="lg" mb={10} />
      <Skeleton height={14} width="75%" />
    </div>
  );
}

function labelOf(pageName: SupportPageName): string {
  return [...SUPPORT_LINKS, ...LEGAL_LINKS].find((link) => link.pageName === pageName)?.label ?? messages.footer.support;
}
