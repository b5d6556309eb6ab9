import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { AntdProviders } from '../providers/antd-providers';

/**
 * antd's providers and App around every page but the sign-in page: App holds the message, notification and
 * modal hooks (`App.useApp()`). They load with the first page that needs them, not with the sign-in page.
 */
export function AppFrame() {
  return (
    <AntdProviders>
      <AntApp>
        <Outlet />
      </AntApp>
    </AntdProviders>
  );
}
