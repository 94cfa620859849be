import { LOGIN_PATH } from '../../config/paths.ts';

/** The name of the partner login window: opening the same name again reaches the same window. */
export const LOGIN_WINDOW_NAME = 'frameport-login';
/** The spec's local-storage flag for "the login runs in this tab". */
export const IS_TAB_KEY = 'isTab';

type Host = Pick<Window, 'open' | 'localStorage'>;
type Navigate = (path: string) => void;

/**
 * Partner Log-in (spec section 2): /login in a named window, or that window focused when it is
 * already open. The window remembered here lets the second marketing button find it.
 */
export function createPartnerLogin(host: Host) {
  let loginWindow: WindowProxy | null = null;

  return {
    /**
     * Header link and the homepage card. An empty URL returns an open window of that name as it
     * is (a half-typed form survives); only a new, blank one is sent to /login. A blocked popup
     * falls back to /login in this tab.
     */
    open(navigate: Navigate) {
      const target = host.open('', LOGIN_WINDOW_NAME);
      if (target === null) {
        navigate(LOGIN_PATH);
        return;
      }
      if (isBlank(target)) target.location.replace(LOGIN_PATH);
      target.focus();
      loginWindow = target;
    },

    /**
     * The second marketing button, as the spec words it: focus the login tab when one is open;
     * otherwise store isTab=true, and this tab becomes the login tab.
     */
    focusOrUseThisTab(navigate: Navigate) {
      if (loginWindow !== null && !loginWindow.closed) {
        loginWindow.focus();
        return;
      }
      host.localStorage.setItem(IS_TAB_KEY, 'true');
      navigate(LOGIN_PATH);
    },
  };
}

/** A window we cannot read belongs to another site, so it is not a fresh blank one. */
function isBlank(target: WindowProxy): boolean {
  try {
    return target.location.href === 'about:blank';
  } catch {
    return false;
  }
}

/** The page's window, read on use: the build also imports this module where there is none (prerender.tsx). */
export const partnerLogin = createPartnerLogin({
  open: (url, target, features) => window.open(url, target, features),
  get localStorage() {
    return window.localStorage;
  },
});
