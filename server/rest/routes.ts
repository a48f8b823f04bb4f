/**
 * The documented REST paths, as a table onto the tRPC procedures (never a second implementation).
 * style 'snake': the data-service and auth paths, whose wire names are snake_case.
 * style 'camel': the /api paths, whose wire names are camelCase.
 * list: the procedure answers a page; the path answers its items, with X-Next-Cursor and (first page) X-Total-Count headers.
 */
export type RestRoute = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  procedure: string;
  style: 'snake' | 'camel';
  status?: number;
  list?: boolean;
};

export const restRoutes: RestRoute[] = [
  // Auth group
  { method: 'POST', path: '/auth/signup', procedure: 'auth.signup', style: 'snake', status: 201 },
  { method: 'POST', path: '/auth/v1/login', procedure: 'auth.login', style: 'snake' },
  { method: 'GET', path: '/auth/v1/me', procedure: 'auth.me', style: 'snake' },
  { method: 'POST', path: '/auth/v1/logout', procedure: 'auth.logout', style: 'snake' },

  // Companies
  { method: 'GET', path: '/api/companies', procedure: 'companies.list', style: 'camel', list: true },
  { method: 'GET', path: '/api/companies/industries', procedure: 'companies.industries', style: 'camel' },
  { method: 'GET', path: '/api/companies/:id', procedure: 'companies.get', style: 'camel' },
  { method: 'PATCH', path: '/api/companies/:id', procedure: 'companies.update', style: 'camel' },
  { method: 'POST', path: '/companies/v1', procedure: 'companies.create', style: 'snake', status: 201 },
  { method: 'GET', path: '/companies/v1', procedure: 'companies.list', style: 'snake', list: true },
  { method: 'GET', path: '/companies/v1/:id', procedure: 'companies.get', style: 'snake' },
  { method: 'PATCH', path: '/companies/v1/:id', procedure: 'companies.update', style: 'snake' },
];
