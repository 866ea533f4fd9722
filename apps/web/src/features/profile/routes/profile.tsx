import { Bell, KeyRound, ShieldCheck, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page';
import { Card, CardBody } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/auth';
import { NotificationSettingsForm } from '../../notifications/components/notification-settings-form';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { PasskeysSection } from '../components/passkeys-section';
import { SessionsSection } from '../components/sessions-section';
import { TwoFactorSection } from '../components/two-factor-section';

const TABS = ['profile', 'password', 'security', 'notifications'] as const;
type Tab = (typeof TABS)[number];

export const ProfileRoute = () => {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'profile';
  if (!user) return null; // the route guard has already sent visitors to /login

  return (
    <Page title="Profile" width="column">
      <Card>
        <Tabs
          value={tab}
          onValueChange={(next) =>
            setParams(next === 'profile' ? {} : { tab: next }, { replace: true })
          }
        >
          <TabsList className="px-3">
            <TabsTrigger value="profile">
              <UserRound aria-hidden />
              Profile
            </TabsTrigger>
            <TabsTrigger value="password">
              <KeyRound aria-hidden />
              Password
            </TabsTrigger>
            <TabsTrigger value="security">
              <ShieldCheck aria-hidden />
              Security
            </TabsTrigger>
            <TabsTrigger value="notifications">
              <Bell aria-hidden />
              Notifications
            </TabsTrigger>
          </TabsList>
          <CardBody className="px-5 pb-6 sm:px-8">
            <TabsContent value="profile">
              <ProfileForm key={user.id} user={user} />
            </TabsContent>
            <TabsContent value="password">
              <PasswordForm />
            </TabsContent>
            <TabsContent value="security">
              <div className="flex flex-col gap-8">
                <TwoFactorSection />
                <PasskeysSection />
                <SessionsSection />
              </div>
            </TabsContent>
            <TabsContent value="notifications">
              <NotificationSettingsForm />
            </TabsContent>
          </CardBody>
        </Tabs>
      </Card>
    </Page>
  );
};
