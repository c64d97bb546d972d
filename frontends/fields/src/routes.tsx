import './fields.css';
import { Navigate, Route, Routes } from '@loadout/web';
import { FieldDetailPage } from './fields/FieldDetailPage';
import { FieldListPage } from './fields/FieldListPage';
import { FpsCalculatorPage } from './fps-calculator/FpsCalculatorPage';

/**
 * Exposed as `fields/routes`. The shell mounts it under a catch-all route for the paths its
 * route table gives this remote, so the paths here are absolute.
 */
export function FieldsRoutes() {
  return (
    <Routes>
      <Route path="/fields" element={<FieldListPage />} />
      <Route path="/field/:id" element={<FieldDetailPage />} />
      <Route path="/fps-calculator" element={<FpsCalculatorPage />} />
      <Route path="*" element={<Navigate to="/fields" replace />} />
    </Routes>
  );
}

export default FieldsRoutes;
