// Every form validates through this resolver. Importing it first configures zod's messages for people
// (shared/zod-messages.ts), so zod and its catalogue load with the first form, not with every page.
import '../../../shared/zod-messages';

export { zodResolver } from '@hookform/resolvers/zod';
