import { describeAccessibility } from './accessibility.ts';

// axe-core audit and screenshots of every page type in light mode (see accessibility.ts).
describeAccessibility('light');
