import { describeAccessibility } from './accessibility.ts';

// axe-core audit and screenshots of every page type in dark mode (see accessibility.ts).
describeAccessibility('dark');
