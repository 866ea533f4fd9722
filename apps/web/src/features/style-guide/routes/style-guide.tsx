import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { ButtonsDemo } from '../components/buttons-demo';
import { DatePickerDemo } from '../components/date-picker-demo';
import { DialogsDemo } from '../components/dialogs-demo';
import { DisplayDemo } from '../components/display-demo';
import { DrawerDemo } from '../components/drawer-demo';
import { FileUploadDemo } from '../components/file-upload-demo';
import { FormsDemo } from '../components/forms-demo';
import { MenusDemo } from '../components/menus-demo';
import { MultiSelectDemo } from '../components/multi-select-demo';
import { PaginationDemo } from '../components/pagination-demo';
import { TabsDemo } from '../components/tabs-demo';
import { ToastsDemo } from '../components/toasts-demo';
import { TooltipDemo } from '../components/tooltip-demo';
import { UserSearchDemo } from '../components/user-search-demo';

/** The tabs in order; `id` is the value of the `?tab=` query parameter. */
export const STYLE_GUIDE_TABS: { id: string; label: string; Demo: ComponentType }[] = [
  { id: 'buttons', label: 'Buttons', Demo: ButtonsDemo },
  { id: 'forms', label: 'Forms', Demo: FormsDemo },
  { id: 'dialogs', label: 'Dialogs', Demo: DialogsDemo },
  { id: 'drawer', label: 'Drawer', Demo: DrawerDemo },
  { id: 'toasts', label: 'Toasts', Demo: ToastsDemo },
  { id: 'pagination', label: 'Pagination', Demo: PaginationDemo },
  { id: 'multi-select', label: 'Multi-select', Demo: MultiSelectDemo },
  { id: 'date-picker', label: 'Date picker', Demo: DatePickerDemo },
  { id: 'file-upload', label: 'File upload', Demo: FileUploadDemo },
  { id: 'tooltip', label: 'Tooltip', Demo: TooltipDemo },
  { id: 'tabs', label: 'Tabs', Demo: TabsDemo },
  { id: 'menus', label: 'Menus', Demo: MenusDemo },
  { id: 'display', label: 'Data display', Demo: DisplayDemo },
  { id: 'user-search', label: 'User search', Demo: UserSearchDemo },
];

const DEFAULT_TAB = 'buttons';

export const StyleGuidePage = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = STYLE_GUIDE_TABS.some((t) => t.id === requested)
    ? (requested as string)
    : DEFAULT_TAB;

  // Visitors see this page too, outside the signed-in layout that provides tooltips elsewhere.
  return (
    <TooltipProvider>
      <Page title="Style guide">
        <p className="-mt-4 mb-6 max-w-2xl text-sm text-slate-500">
          The shared components every screen of the portal is built from, one tab per group. The
          address keeps the open tab, so a link can point at one.
        </p>
        <Tabs
          value={tab}
          onValueChange={(next) =>
            setSearchParams(
              (params) => {
                params.set('tab', next);
                return params;
              },
              { replace: true, preventScrollReset: true },
            )
          }
        >
          <TabsList aria-label="Component groups">
            {STYLE_GUIDE_TABS.map(({ id, label }) => (
              <TabsTrigger key={id} value={id}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {STYLE_GUIDE_TABS.map(({ id, Demo }) => (
            <TabsContent key={id} value={id}>
              <Demo />
            </TabsContent>
          ))}
        </Tabs>
      </Page>
    </TooltipProvider>
  );
};
