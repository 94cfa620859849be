import { messages } from '@frameport/domain/messages';
import { IconBriefcase, IconBuildingStore, IconExternalLink, IconFileInvoice, IconKey, IconListDetails, IconUser, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MY_RETAILERS_PATH, PROFILE_LINKS, PROPOSE_RETAILER_PATH } from '../config/paths.ts';

export type ProfileMenuEntry = { label: string; to: string; icon: ReactNode };

/**
 * The profile entries in the spec's order: My Orders and My Invoices once the user can order (a
 * sales executive after choosing a retailer), My retailers (their cockpit), Switch User and Propose a retailer for
 * sales executives only. Logout
 * follows them.
 */
export function profileMenuEntries({ isSalesExecutive, canOrder }: { isSalesExecutive: boolean; canOrder: boolean }): ProfileMenuEntry[] {
  const entries: (ProfileMenuEntry | false)[] = [
    { label: messages.account.profile, to: PROFILE_LINKS.profile, icon: <IconUser size={16} aria-hidden="true" /> },
    canOrder && { label: messages.account.orders, to: PROFILE_LINKS.orders, icon: <IconListDetails size={16} aria-hidden="true" /> },
    isSalesExecutive && { label: messages.account.myRetailers, to: MY_RETAILERS_PATH, icon: <IconBriefcase size={16} aria-hidden="true" /> },
    isSalesExecutive && { label: messages.account.switchUser, to: PROFILE_LINKS.switchUser, icon: <IconUsers size={16} aria-hidden="true" /> },
    isSalesExecutive && { label: messages.account.proposeRetailer, to: PROPOSE_RETAILER_PATH, icon: <IconBuildingStore size={16} aria-hidden="true" /> },
    { label: messages.account.changePassword, to: PROFILE_LINKS.changePassword, icon: <IconKey size={16} aria-hidden="true" /> },
    canOrder && { label: messages.account.invoices, to: PROFILE_LINKS.invoices, icon: <IconFileInvoice size={16} aria-hidden="true" /> },
  ];
  return entries.filter((entry): entry is ProfileMenuEntry => entry !== false);
}

/** A link out of the app: opened in a new tab, without handing it this window (rel=noopener). */
export type ExternalMenuEntry = { label: string; href: string; icon: ReactNode; target: '_blank'; rel: 'noopener' };

/**
 * The separate lens product's login (spec section 2: "a link to a separate lens product login
 * opens in a new tab"), after the profile entries; none when the deployment names no such page.
 */
export function lensLoginEntry(lensLoginUrl: string | null): ExternalMenuEntry | null {
  if (lensLoginUrl === null) return null;
  return {
    label: messages.account.lensLogin,
    href: lensLoginUrl,
    icon: <IconExternalLink size={16} aria-hidden="true" />,
    target: '_blank',
    rel: 'noopener',
  };
}
