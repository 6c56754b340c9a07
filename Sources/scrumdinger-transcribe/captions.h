/* Live captions in scrumdinger-transcribe: see captions.c. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct whisper_context;
struct sw_captions;

/* The language heard (Whisper's code): see bridge.c. */
extern const char *sw_language;

/* The length in bytes of the whole, valid UTF-8 character at `c` (1 to 4), or 0 when the
 * bytes there are none: what the helper writes is UTF-8, whatever Whisper's tokens said. */
int sw_utf8_length(const unsigned char *c);

/* Whether the UTF-8 character at `c`, `length` bytes (sw_utf8_length), is of a script written
 * without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar, Tibetan, and
 * their punctuation). */
bool sw_spaceless(const unsigned char *c, int length);

/* Writes one whole line (ending in a newline) to standard output, never within another's. */
typedef void (*sw_say_fn)(const char *line);

/* Starts captioning the growing samples file `fd` (16 kHz mono 32-bit floats) from its
 * current end, with the loaded model `ctx` and the voice activity model at `vad_model`: each
 * step's words go to `say` as {"caption":TEXT,"final":BOOL,"to":MS}. NULL, with a reason in
 * `error`, when the voice activity model cannot be loaded. */
struct sw_captions *sw_captions_start(struct whisper_context *ctx, const char *vad_model, int fd, sw_say_fn say,
                                      char *error, size_t error_size);
/* The turn changed `at_ms` into the samples: the line ends there. */
void sw_captions_turn(struct sw_captions *captions, int64_t at_ms);
/* Stops the captions and lets their state go (the model stays). */
void sw_captions_stop(struct sw_captions *captions);
