import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';

/**
 * antd's App around every page but the sign-in page: it holds the message, notification and modal hooks
 * (`App.useApp()`), which the sign-in page does not use, and it loads with the first page that does.
 */
export function AppFrame() {
  return (
    <AntApp>
      <Outlet />
    </AntApp>
  );
}
