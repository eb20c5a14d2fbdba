import { z } from 'zod';
import id from 'zod/v4/locales/id.js';

// The whole interface is Indonesian: zod's own messages (unknown keys, wrong
// types, invalid options) too, wherever a schema names no message of its own.
z.config(id());
