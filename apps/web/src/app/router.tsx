import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { prefetchEstimate } from '../features/estimates/api/estimate-query';
import { prefetchHome } from '../features/home/api/home-query';
import { PageSpinner } from '../components/layout/page-spinner';
import { GuestOnly, RequireSuperuser, RequireUser } from './routes/guards';
import { LogoutRoute } from './routes/logout';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/**
 * Screens load as their own chunks, so /login stays small (DESIGN §6). With the app's query
 * client, a screen whose data would otherwise be asked for only once its chunks have loaded and
 * it has rendered asks for it as its route is matched (decision 0037).
 */
export const createRoutes = (queryClient: QueryClient | null): RouteObject[] => [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        // Pathless layout route so every screen's errors render inside the top bar and nav.
        ErrorBoundary: RouteError,
        children: [
          {
            Component: GuestOnly,
            children: [
              {
                path: 'login',
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/login')).LoginRoute,
                }),
              },
              {
                path: 'sign-up',
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/sign-up')).SignUpRoute,
                }),
              },
            ],
          },
          // Outside the guards: it clears the session it runs in, and a visitor just lands on /login.
          { path: 'logout', Component: LogoutRoute },
          {
            path: 'password-reset',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/password-reset'))
                .PasswordResetRoute,
            }),
          },
          {
            path: 'password-reset/:uid/:token',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/password-reset-confirm'))
                .PasswordResetConfirmRoute,
            }),
          },
          {
            path: 'verify-email/:uid/:token',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/verify-email')).VerifyEmailRoute,
            }),
          },
          {
            path: 'style-guide',
            lazy: async () => ({
              Component: (await import('../features/style-guide/routes/style-guide'))
                .StyleGuidePage,
            }),
          },
          {
            Component: RequireUser,
            children: [
              { index: true, element: <Navigate to="/estimates" replace /> },
              {
                path: 'home',
                // Home's answer is its largest paint: asked for beside the chunks (0055).
                loader: () => {
                  if (queryClient) prefetchHome(queryClient);
                  return null;
                },
                lazy: async () => ({
                  Component: (await import('../features/home/routes/home')).HomeRoute,
                }),
              },
              {
                path: 'profile',
                lazy: async () => ({
                  Component: (await import('../features/profile/routes/profile')).ProfileRoute,
                }),
              },
              {
                path: 'estimates',
                lazy: async () => ({
                  Component: (await import('../features/estimates/routes/estimates'))
                    .EstimatesRoute,
                }),
              },
              {
                path: 'estimates/:estimateId',
                // Not a data loader: it starts the screen's query and returns at once, so the
                // route waits for nothing more; the screen shows its own loading and errors.
                loader: ({ params }) => {
                  if (queryClient) prefetchEstimate(queryClient, params.estimateId);
                  return null;
                },
                // A drawer's `?item=` is the same estimate: nothing to start again.
                shouldRevalidate: ({ currentParams, nextParams }) =>
                  currentParams.estimateId !== nextParams.estimateId,
                lazy: async () => ({
                  Component: (await import('../features/estimates/routes/estimate')).EstimateRoute,
                }),
              },
              {
                path: 'estimates/:estimateId/versions/:versionId',
                lazy: async () => ({
                  Component: (await import('../features/estimate-versions/routes/version'))
                    .VersionRoute,
                }),
              },
              {
                path: 'projects',
                lazy: async () => ({
                  Component: (await import('../features/projects/routes/projects')).ProjectsRoute,
                }),
              },
              {
                path: 'test-runs',
                lazy: async () => ({
                  Component: (await import('../features/test-runs/routes/test-runs')).TestRunsRoute,
                }),
              },
              {
                path: 'projects/:projectSlug',
                lazy: async () => ({
                  Component: (await import('../features/projects/routes/project')).ProjectRoute,
                }),
              },
              {
                path: 'milestones/:milestoneId',
                lazy: async () => ({
                  Component: (await import('../features/test-plans/routes/test-plan'))
                    .TestPlanRoute,
                }),
              },
              {
                path: 'test-runs/:runId',
                lazy: async () => ({
                  Component: (await import('../features/test-runs/routes/runner')).TestRunRoute,
                }),
              },
              {
                path: 'test-runs/:runId/report',
                lazy: async () => ({
                  Component: (await import('../features/test-runs/routes/report'))
                    .TestRunReportRoute,
                }),
              },
              {
                Component: RequireSuperuser,
                children: [
                  {
                    path: 'clients',
                    lazy: async () => ({
                      Component: (await import('../features/clients/routes/clients')).ClientsRoute,
                    }),
                  },
                  {
                    path: 'clients/:clientSlug',
                    lazy: async () => ({
                      Component: (await import('../features/clients/routes/client')).ClientRoute,
                    }),
                  },
                  {
                    path: 'activity',
                    lazy: async () => ({
                      Component: (await import('../features/activity/routes/activity'))
                        .ActivityRoute,
                    }),
                  },
                  {
                    path: 'leads',
                    lazy: async () => ({
                      Component: (await import('../features/leads/routes/leads')).LeadsRoute,
                    }),
                  },
                  {
                    path: 'settings/studio',
                    lazy: async () => ({
                      Component: (await import('../features/studio/routes/studio-settings'))
                        .StudioSettingsRoute,
                    }),
                  },
                  {
                    path: 'experimental',
                    lazy: async () => ({
                      Component: (await import('../features/modeling/routes/experimental'))
                        .ExperimentalRoute,
                    }),
                  },
                  {
                    path: 'experimental/modeling',
                    lazy: async () => ({
                      Component: (await import('../features/modeling/routes/canvases'))
                        .CanvasesRoute,
                    }),
                  },
                  {
                    path: 'experimental/modeling/:canvasId',
                    lazy: async () => ({
                      Component: (await import('../features/modeling/routes/canvas-editor'))
                        .CanvasEditorRoute,
                    }),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./routes/not-found')).NotFoundRoute,
            }),
          },
        ],
      },
    ],
  },
];

/** The routes without a query client: nothing is started before a screen asks for it. */
export const routes = createRoutes(null);

export const createRouter = (queryClient: QueryClient) =>
  createBrowserRouter(createRoutes(queryClient));
