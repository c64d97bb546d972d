import './admin.css';
import { Navigate, Route, Routes } from '@loadout/web';
import { AuditLogPage } from './audit-log/AuditLogPage';
import { BugReportsPage } from './bug-reports/BugReportsPage';
import { CasePage } from './cases/CasePage';
import { CasesPage } from './cases/CasesPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { DisputePage } from './disputes/DisputePage';
import { DisputesPage } from './disputes/DisputesPage';
import { DeadLettersPage } from './dead-letters/DeadLettersPage';
import { FieldEditPage } from './fields/FieldEditPage';
import { FieldsPage } from './fields/FieldsPage';
import { OrderLookupPage } from './orders/OrderLookupPage';
import { ListingsAdminPage } from './listings/ListingsAdminPage';
import { UserPage } from './users/UserPage';
import { UsersPage } from './users/UsersPage';

/**
 * Exposed as `admin/routes`. The shell mounts it for `/admin/*` behind its admin-only guard
 * (seed §2), so the paths here are absolute.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin" element={<DashboardPage />} />
      <Route path="/admin/cases" element={<CasesPage />} />
      <Route path="/admin/cases/:id" element={<CasePage />} />
      <Route path="/admin/disputes" element={<DisputesPage />} />
      <Route path="/admin/disputes/:id" element={<DisputePage />} />
      <Route path="/admin/orders" element={<OrderLookupPage />} />
      <Route path="/admin/bug-reports" element={<BugReportsPage />} />
      <Route path="/admin/users" element={<UsersPage />} />
      <Route path="/admin/users/:id" element={<UserPage />} />
      <Route path="/admin/listings" element={<ListingsAdminPage />} />
      <Route path="/admin/fields" element={<FieldsPage />} />
      <Route path="/admin/fields/new" element={<FieldEditPage />} />
      <Route path="/admin/fields/:id" element={<FieldEditPage />} />
      <Route path="/admin/dead-letters" element={<DeadLettersPage />} />
      <Route path="/admin/audit-log" element={<AuditLogPage />} />
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

export default AdminRoutes;
