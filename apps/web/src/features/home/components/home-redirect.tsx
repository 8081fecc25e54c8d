import { Navigate } from 'react-router';

/** `/`: the first film's tracking links, or the screener list when there is none (films issue). */
export function HomeRedirect() {
  return <Navigate to="/screeners" replace />;
}
