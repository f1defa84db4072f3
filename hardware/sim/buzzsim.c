/*
 * buzzsim: run the buzzer box firmware in simavr, its UART on a pty, its buttons pressed on
 * command. Used by the firmware-in-the-loop tests and benchmarks (tests/test_firmware.py).
 *
 *   buzzsim FIRMWARE.elf [--link PATH] [--speed X]
 *
 * Prints "PTY /dev/pts/N" once the UART is on a pty (and makes PATH a symlink to it), then
 * reads commands on standard input, one a line, answering on standard output:
 *
 *   mark [LEAD]       simulated time now (plus LEAD us) becomes the base of the times below
 *   down B T          button B (0-7) pressed at base + T microseconds
 *   up B T            button B released at base + T
 *   bounce B T N P L  N contact changes from base + T, every P us, the last one to level L (0 pressed)
 *   at T              prints AT <T> when simulated time reaches base + T
 *   reset [N]         the board reboots (its pins keep their levels); with N, N random bytes of line
 *                     noise reach the host first, so its boot HELLO is spoiled (a reboot the host misses)
 *   inject TEXT       TEXT and a newline reach the host as if the box had sent them (a stray line)
 *   noise N           N random bytes, no newline, reach the host (line noise: it spoils the next line)
 *   leds              prints LEDS <hex>: the LED outputs now
 *   now               prints NOW <us>
 *   quit              exits at once
 *
 * Simulated time is paced to real time times the speed (default 1): the firmware never sleeps,
 * so without pacing it would run far ahead of the host.
 * Pull-ups are not simulated: the harness drives every idle button pin high itself.
 * inject and noise wait until the box has finished the line it is sending (the simulation runs on
 * meanwhile), so they never cut a line of the box's in two: what they spoil is the box's next line.
 * The harness never loses the box's bytes: simavr's pty buffer (512 bytes, 2.5 ms of output at 4x)
 * drops bytes when full, so when it is three quarters full the simulation waits for it to drain
 * (a starved pty thread on a busy machine used to cut lines out of a burst). A real USB serial
 * link can lose bytes when the host stops reading: the bridge reports that as a gap.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim_avr.h"
#include "sim_elf.h"
#include "avr_ioport.h"
#include "avr_uart.h"
#include "uart_pty.h"

#define MAX_EVENTS 8192

typedef struct {
    uint64_t cycle;
    int kind; /* 0: pin level, 1: "at" marker */
    int button;
    int level;
    long label;
} event_t;

static avr_t *avr;
static uart_pty_t uart;
static event_t events[MAX_EVENTS];
static int n_events;
static uint64_t base_cycle;
static double speed = 1.0;
static int uart_mid_line; /* the box has sent part of a line, not yet its newline */

static avr_irq_t *button_irq(int b) {
    char port = b < 6 ? 'D' : 'B';
    int pin = b < 6 ? b + 2 : b - 6;
    return avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), pin);
}

static uint64_t us_to_cycles(double us) { return (uint64_t)(us * (avr->frequency / 1e6) + 0.5); }

static double cycles_to_us(uint64_t cycles) { return cycles * 1e6 / avr->frequency; }

static void schedule(uint64_t cycle, int kind, int button, int level, long label) {
    if (n_events == MAX_EVENTS) {
        printf("ERROR too many events\n");
        fflush(stdout);
        return;
    }
    int i = n_events++;
    while (i > 0 && events[i - 1].cycle > cycle) {
        events[i] = events[i - 1];
        i--;
    }
    events[i] = (event_t){cycle, kind, button, level, label};
}

/* Drive every button pin high (released). simavr only passes a change on, and a reset clears
 * the port's pins while the IRQ keeps its old value: go low then high to be sure. */
static void release_all(void) {
    for (int b = 0; b < 8; b++) {
        avr_raise_irq(button_irq(b), 0);
        avr_raise_irq(button_irq(b), 1);
    }
}

/* Bytes waiting in simavr's pty buffer for its thread to write them to the pty. */
static unsigned uart_backlog(void) {
    return ((unsigned)uart.pty.in.write + uart_pty_fifo_fifo_size - uart.pty.in.read) & (uart_pty_fifo_fifo_size - 1);
}

#define UART_HIGH (uart_pty_fifo_fifo_size * 3 / 4)

static void uart_output_hook(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    uart_mid_line = value != '\n';
}

/* Fire the pin changes and markers that are due, then run one instruction (or one sleep). */
static int step(void) {
    while (n_events && events[0].cycle <= avr->cycle) {
        event_t e = events[0];
        memmove(events, events + 1, (size_t)(--n_events) * sizeof(event_t));
        if (e.kind == 0) {
            avr_raise_irq(button_irq(e.button), e.level);
        } else {
            printf("AT %ld\n", e.label);
            fflush(stdout);
        }
    }
    return avr_run(avr);
}

/* Bytes on the wire to the host, between two of the box's lines. */
static void inject(const uint8_t *bytes, size_t n) {
    while (uart_mid_line) {
        int state = step();
        if (state == cpu_Done || state == cpu_Crashed) return;
    }
    while (uart_backlog() + n >= uart_pty_fifo_fifo_size - 1) usleep(100);
    for (size_t i = 0; i < n; i++) avr_raise_irq(uart.irq + IRQ_UART_PTY_BYTE_IN, bytes[i]);
}

/* N random bytes, never a newline, on the wire to the host: they spoil the box's next line. */
static void noise(int n) {
    uint8_t bytes[400];
    for (int i = 0; i < n; i++) {
        do bytes[i] = (uint8_t)(rand() & 0xFF);
        while (bytes[i] == '\n' || bytes[i] == '\r');
    }
    inject(bytes, (size_t)n);
}

static void command(char *line) {
    int b, n, level;
    double t, p;
    char word[16];
    if (sscanf(line, "%15s", word) != 1) return;
    if (!strcmp(word, "mark")) {
        double lead = 0;
        sscanf(line, "%*s %lf", &lead); /* the base may lie ahead, so the commands after it arrive in time */
        base_cycle = avr->cycle + us_to_cycles(lead);
        printf("MARK %.0f\n", cycles_to_us(base_cycle));
    } else if (!strcmp(word, "down") && sscanf(line, "%*s %d %lf", &b, &t) == 2 && b >= 0 && b < 8) {
        schedule(base_cycle + us_to_cycles(t), 0, b, 0, 0);
    } else if (!strcmp(word, "up") && sscanf(line, "%*s %d %lf", &b, &t) == 2 && b >= 0 && b < 8) {
        schedule(base_cycle + us_to_cycles(t), 0, b, 1, 0);
    } else if (!strcmp(word, "bounce") && sscanf(line, "%*s %d %lf %d %lf %d", &b, &t, &n, &p, &level) == 5 &&
               b >= 0 && b < 8) {
        for (int i = 0; i < n; i++) {
            int l = ((n - 1 - i) % 2 == 0) ? level : !level;
            schedule(base_cycle + us_to_cycles(t + i * p), 0, b, l, 0);
        }
    } else if (!strcmp(word, "at") && sscanf(line, "%*s %lf", &t) == 1) {
        schedule(base_cycle + us_to_cycles(t), 1, 0, 0, (long)t);
    } else if (!strcmp(word, "inject")) {
        char *text = line + strlen("inject");
        if (*text == ' ') text++;
        size_t len = strlen(text);
        text[len] = '\n'; /* the line's NUL becomes its newline */
        inject((const uint8_t *)text, len + 1);
        text[len] = 0;
        printf("INJECTED\n");
    } else if (!strcmp(word, "noise") && sscanf(line, "%*s %d", &n) == 1 && n > 0 && n <= 400) {
        noise(n);
        printf("INJECTED\n");
    } else if (!strcmp(word, "reset")) {
        if (sscanf(line, "%*s %d", &n) == 1 && n > 0 && n <= 400) noise(n); /* then no cycle runs before the reset */
        avr_reset(avr);
        release_all();
        printf("RESET\n");
    } else if (!strcmp(word, "leds")) {
        uint8_t portc = avr->data[0x28], portb = avr->data[0x25];
        unsigned mask = (portc & 0x3F) | ((portb >> 2) & 1) << 6 | ((portb >> 3) & 1) << 7;
        printf("LEDS %02X\n", mask);
    } else if (!strcmp(word, "now")) {
        printf("NOW %.0f\n", cycles_to_us(avr->cycle));
    } else if (!strcmp(word, "quit")) {
        fflush(stdout);
        _exit(0); /* uart_pty_stop() can hang: exit instead */
    } else {
        printf("ERROR %s\n", line);
    }
    fflush(stdout);
}

static void poll_stdin(void) {
    static char buffer[4096];
    static size_t len;
    for (;;) {
        ssize_t got = read(0, buffer + len, sizeof buffer - 1 - len);
        if (got == 0) _exit(0); /* the test went away */
        if (got < 0) return;    /* EAGAIN: nothing now */
        len += (size_t)got;
        char *start = buffer, *nl;
        while ((nl = memchr(start, '\n', buffer + len - start))) {
            *nl = 0;
            command(start);
            start = nl + 1;
        }
        len -= (size_t)(start - buffer);
        memmove(buffer, start, len);
        if (len == sizeof buffer - 1) len = 0;
    }
}

static double real_us(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (t.tv_sec - t0->tv_sec) * 1e6 + (t.tv_nsec - t0->tv_nsec) / 1e3;
}

int main(int argc, char **argv) {
    const char *elf = NULL, *link = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--link") && i + 1 < argc) link = argv[++i];
        else if (!strcmp(argv[i], "--speed") && i + 1 < argc) speed = atof(argv[++i]);
        else elf = argv[i];
    }
    if (!elf || speed <= 0) {
        fprintf(stderr, "usage: buzzsim FIRMWARE.elf [--link PATH] [--speed X]\n");
        return 2;
    }
    elf_firmware_t firmware;
    memset(&firmware, 0, sizeof firmware);
    if (elf_read_firmware(elf, &firmware) != 0) {
        fprintf(stderr, "buzzsim: cannot read %s\n", elf);
        return 1;
    }
    avr = avr_make_mcu_by_name(firmware.mmcu);
    if (!avr) {
        fprintf(stderr, "buzzsim: no simulated chip %s\n", firmware.mmcu);
        return 1;
    }
    avr_init(avr);
    avr_load_firmware(avr, &firmware);
    release_all();

    uart_pty_init(avr, &uart);
    uart_pty_connect(&uart, '0');
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), uart_output_hook, NULL);
    srand(1);
    if (link) {
        unlink(link);
        if (symlink(uart.pty.slavename, link) != 0) {
            fprintf(stderr, "buzzsim: cannot link %s: %s\n", link, strerror(errno));
            return 1;
        }
    }
    printf("PTY %s\n", uart.pty.slavename);
    fflush(stdout);
    fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);

    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t next_check = 0;
    for (;;) {
        if (uart_backlog() > UART_HIGH) { /* the pty thread is behind: wait rather than lose bytes */
            usleep(100);
            poll_stdin();
            continue;
        }
        int state = step();
        if (state == cpu_Done || state == cpu_Crashed) {
            printf("STOPPED %d\n", state);
            fflush(stdout);
            _exit(1);
        }
        if (avr->cycle >= next_check) {
            next_check = avr->cycle + 4000; /* 250 us */
            poll_stdin();
            double ahead = cycles_to_us(avr->cycle) / speed - real_us(&t0);
            if (ahead > 500) usleep((useconds_t)ahead);
        }
    }
}
