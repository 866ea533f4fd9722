export const App = () => <main className="p-8 text-2xl font-semibold">Studio Portal</main>;
