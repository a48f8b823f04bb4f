import { Outlet } from 'react-router-dom';
import { Providers } from './Providers';

/** Data and toast providers for the hub and sign-in screens; marketing pages never load them. */
export default function AppShell() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}
