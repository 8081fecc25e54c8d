import { Outlet } from 'react-router';

/** Bare pages such as the Vimeo-linking popup. */
export function EmptyLayout() {
  return <Outlet />;
}
