import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Example, Showcase } from './showcase';

const many = [
  'Overview',
  'Phases',
  'Milestones',
  'Notes',
  'Link groups',
  'Estimates',
  'Test plan',
  'Team',
  'Files',
  'Activity',
  'Settings',
];

export const TabsDemo = () => (
  <Showcase
    title="Tabs"
    description="Arrow keys move between tabs. When they do not fit, buttons at the ends scroll the bar by 300 px."
  >
    <Example label="Basic" className="block">
      <Tabs defaultValue="profile">
        <TabsList aria-label="Account settings">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="password">Password</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="pt-4 text-sm text-slate-600">
          Name, phone and profile image.
        </TabsContent>
        <TabsContent value="password" className="pt-4 text-sm text-slate-600">
          Change the password; the session stays signed in.
        </TabsContent>
      </Tabs>
    </Example>
    <Example label="Overflowing" className="block">
      <div className="max-w-md">
        <Tabs defaultValue="Overview">
          <TabsList aria-label="Project sections">
            {many.map((name) => (
              <TabsTrigger key={name} value={name}>
                {name}
              </TabsTrigger>
            ))}
          </TabsList>
          {many.map((name) => (
            <TabsContent key={name} value={name} className="pt-4 text-sm text-slate-600">
              The {name.toLowerCase()} of the project.
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </Example>
  </Showcase>
);
