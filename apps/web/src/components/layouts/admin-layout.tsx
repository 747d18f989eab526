import { Outlet } from 'react-router';

export function AdminLayout() {
  return (
    <div className="mx-auto min-h-screen max-w-6xl p-6">
      <Outlet />
    </div>
  );
}
