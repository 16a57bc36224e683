import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';

/**
 * Back-office routes, relative to the /admin basename (spec: back-office.md §2.1). Only the
 * sign-in screen exists so far; everything else goes there until the guarded layout lands.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
