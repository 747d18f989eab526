import { Outlet } from 'react-router';

export function MemberLayout() {
  return (
    <div className="mx-auto min-h-screen max-w-6xl p-6">
      <Outlet />
    </div>
  );
}
