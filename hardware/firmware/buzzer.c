/*
 * wordtable buzzer box firmware: ATmega328P at 16 MHz (Arduino Uno / Nano class).
 *
 * It only timestamps and reports; the host decides (hardware/PROTOCOL.md).
 *
 *   buttons 0-5: PD2-PD7, buttons 6-7: PB0-PB1  (to ground; internal pull-ups; pressed = low)
 *   LEDs    0-5: PC0-PC5, LEDs    6-7: PB2-PB3  (through 330 ohm to ground; lit = high)
 *   serial: 500000 baud 8N1 on PD0/PD1 (the board's USB serial)
 *
 * Timer1 counts at 2 MHz; a pin-change interrupt reads it first thing, so a press is stamped
 * at its first falling edge. The main loop debounces: a button is re-armed only after its pin
 * has been released and still for 20 ms, so release bounce is never reported as a press.
 */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <stdint.h>
#include <string.h>
#include <util/crc16.h>

#ifndef F_CPU
#define F_CPU 16000000UL
#endif

#ifdef SIMAVR
#include <avr/avr_mcu_section.h>
AVR_MCU(F_CPU, "atmega328p");
#endif

#define PROTOCOL_VERSION "2"
#define FIRMWARE_VERSION "0.2.0"
#define BUTTONS 8
#define LEDS 8
#define REARM_US 20000UL     /* released and still this long before a button is armed again */
#define HEARTBEAT_US 250000UL
#define EDGE_QUEUE 64        /* pin snapshots from the interrupts (power of two) */
#define REPORT_QUEUE 128     /* press and release reports waiting for the serial line (power of two) */
#define TX_BUFFER 256        /* bytes (power of two) */
#define MAX_LINE 64          /* bytes before the newline (hardware/PROTOCOL.md) */
#define RX_LINE (MAX_LINE + 1)

/* ---- device time ------------------------------------------------------------------------ */

static volatile uint32_t overflows;

ISR(TIMER1_OVF_vect) { overflows++; }

/* Microseconds, 32 bits (wraps every 71.6 minutes). Call with interrupts off. */
static inline uint32_t now_us_locked(void) {
    uint16_t ticks = TCNT1;
    uint32_t ov = overflows;
    if ((TIFR1 & _BV(TOV1)) && ticks < 0x8000) ov++; /* an overflow not counted yet */
    return (ov << 15) | (ticks >> 1);
}

static uint32_t now_us(void) {
    uint8_t sreg = SREG;
    cli();
    uint32_t t = now_us_locked();
    SREG = sreg;
    return t;
}

/* ---- edges from the pin-change interrupts ------------------------------------------------ */

typedef struct {
    uint8_t pinb, pind;
    uint32_t t;
} edge_t;

static volatile edge_t edges[EDGE_QUEUE];
static volatile uint8_t edge_head, edge_tail;
static volatile uint16_t edges_lost;

/* Both ports are read first, then the clock: an edge that comes after the pins are read raises
 * its interrupt again and gets its own snapshot and time. Reading both ports in either
 * interrupt means two presses on different ports while interrupts were held up come out as a
 * tie, never reversed by the vectors' fixed priority (PCINT0 before PCINT2). */
static inline void snapshot(void) {
    uint8_t pind = PIND, pinb = PINB;
    uint32_t t = now_us_locked();
    uint8_t next = (edge_head + 1) & (EDGE_QUEUE - 1);
    if (next == edge_tail) {
        edges_lost++;
        return;
    }
    edges[edge_head].pinb = pinb;
    edges[edge_head].pind = pind;
    edges[edge_head].t = t;
    edge_head = next;
}

ISR(PCINT2_vect) { snapshot(); }

ISR(PCINT0_vect) { snapshot(); }

/* ---- serial ------------------------------------------------------------------------------ */

static volatile uint8_t tx[TX_BUFFER];
static volatile uint16_t tx_head, tx_tail;

ISR(USART_UDRE_vect) {
    if (tx_head == tx_tail) {
        UCSR0B &= ~_BV(UDRIE0);
        return;
    }
    UDR0 = tx[tx_tail];
    tx_tail = (tx_tail + 1) & (TX_BUFFER - 1);
}

static uint16_t tx_free(void) {
    uint8_t sreg = SREG;
    cli();
    uint16_t used = (tx_head - tx_tail) & (TX_BUFFER - 1);
    SREG = sreg;
    return TX_BUFFER - 1 - used;
}

static void tx_byte(uint8_t c) {
    while (tx_free() == 0) {
    }
    uint8_t sreg = SREG;
    cli();
    tx[tx_head] = c;
    tx_head = (tx_head + 1) & (TX_BUFFER - 1);
    UCSR0B |= _BV(UDRIE0);
    SREG = sreg;
}

static const char HEX[] = "0123456789ABCDEF";

/* CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, not reflected): hardware/PROTOCOL.md. */
static uint16_t crc16(const char *from, const char *to) {
    uint16_t crc = 0xFFFF;
    for (const char *p = from; p < to; p++) crc = _crc_xmodem_update(crc, (uint8_t)*p);
    return crc;
}

/* Send PAYLOAD*CCCC\n. */
static void send_line(const char *payload) {
    const char *end = payload + strlen(payload);
    uint16_t crc = crc16(payload, end);
    for (const char *p = payload; p < end; p++) tx_byte((uint8_t)*p);
    tx_byte('*');
    for (int8_t shift = 12; shift >= 0; shift -= 4) tx_byte(HEX[(crc >> shift) & 15]);
    tx_byte('\n');
}

static char *put_u32(char *s, uint32_t v) {
    char digits[10];
    uint8_t n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) *s++ = digits[--n];
    *s = 0;
    return s;
}

static char *put_str(char *s, const char *t) {
    while (*t) *s++ = *t++;
    *s = 0;
    return s;
}

static void uart_init(void) {
    UCSR0A = _BV(U2X0);
    UBRR0 = 3; /* 16 MHz / (8 * (3 + 1)) = 500000 baud, exact */
    UCSR0B = _BV(RXEN0) | _BV(TXEN0);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
}

/* ---- reports ----------------------------------------------------------------------------- */

static uint16_t seq;
static char boot_id[9];

typedef struct {
    char kind; /* 'P' or 'R' */
    uint8_t button;
    uint32_t t;
} report_t;

static report_t reports[REPORT_QUEUE];
static uint8_t report_head, report_tail;
static uint16_t reports_lost;

static void queue_report(char kind, uint8_t button, uint32_t t) {
    uint8_t next = (report_head + 1) & (REPORT_QUEUE - 1);
    if (next == report_tail) {
        reports_lost++;
        return;
    }
    reports[report_head].kind = kind;
    reports[report_head].button = button;
    reports[report_head].t = t;
    report_head = next;
}

/* "KIND SEQ rest": the sequence number is given as the line is sent. */
static void send_numbered(const char *kind, const char *rest) {
    char line[48];
    char *p = put_str(line, kind);
    *p++ = ' ';
    p = put_u32(p, ++seq);
    if (rest && *rest) {
        *p++ = ' ';
        put_str(p, rest);
    }
    send_line(line);
}

/* HELLO ends with the number of the last numbered line sent (0 at boot): the host resynchronises on it. */
static void send_hello(void) {
    char line[48];
    char *p = put_str(line, "HELLO " PROTOCOL_VERSION " " FIRMWARE_VERSION " ");
    p = put_str(p, boot_id);
    p = put_str(p, " 8 8 ");
    put_u32(p, seq);
    send_line(line);
}

static void flush_reports(void) {
    while (report_tail != report_head && tx_free() > 40) {
        report_t r = reports[report_tail];
        report_tail = (report_tail + 1) & (REPORT_QUEUE - 1);
        char rest[24];
        char *p = rest;
        *p++ = (char)('0' + r.button);
        *p++ = ' ';
        put_u32(p, r.t);
        send_numbered(r.kind == 'P' ? "P" : "R", rest);
    }
    uint16_t lost;
    uint8_t sreg = SREG;
    cli();
    lost = edges_lost + reports_lost;
    edges_lost = 0;
    reports_lost = 0;
    SREG = sreg;
    if (lost) {
        char rest[8];
        put_u32(rest, lost);
        send_numbered("LOST", rest);
    }
}

/* ---- buttons ----------------------------------------------------------------------------- */

enum { ARMED, PRESSED, RELEASING };

static uint8_t state[BUTTONS];
static uint32_t released_at[BUTTONS];
static uint8_t last_pinb, last_pind;

static void button_edge(uint8_t b, uint8_t level, uint32_t t) {
    switch (state[b]) {
    case ARMED:
        if (!level) {
            queue_report('P', b, t);
            state[b] = PRESSED;
        }
        break;
    case PRESSED:
        if (level) {
            state[b] = RELEASING;
            released_at[b] = t;
        }
        break;
    case RELEASING:
        if (level) {
            released_at[b] = t; /* still bouncing: wait 20 ms from this edge */
        } else if ((uint32_t)(t - released_at[b]) >= REARM_US) {
            /* Released and still long enough, though the main loop has not re-armed it yet:
             * decided by the timestamps, this is a new press, not a bounce. */
            queue_report('R', b, released_at[b]);
            queue_report('P', b, t);
            state[b] = PRESSED;
        } else {
            state[b] = PRESSED; /* bounce on release: still pressed */
        }
        break;
    }
}

static uint8_t pin_level(uint8_t b) {
    return b < 6 ? (PIND >> (b + 2)) & 1 : (PINB >> (b - 6)) & 1;
}

static void process_edges(void) {
    while (edge_tail != edge_head) {
        edge_t e;
        uint8_t sreg = SREG;
        cli();
        e.pinb = edges[edge_tail].pinb;
        e.pind = edges[edge_tail].pind;
        e.t = edges[edge_tail].t;
        edge_tail = (edge_tail + 1) & (EDGE_QUEUE - 1);
        SREG = sreg;
        uint8_t changed_d = e.pind ^ last_pind, changed_b = e.pinb ^ last_pinb;
        last_pind = e.pind;
        last_pinb = e.pinb;
        for (uint8_t b = 0; b < BUTTONS; b++) {
            uint8_t bit = b < 6 ? _BV(b + 2) : _BV(b - 6);
            uint8_t changed = b < 6 ? changed_d & bit : changed_b & bit;
            if (changed) button_edge(b, (b < 6 ? e.pind : e.pinb) & bit ? 1 : 0, e.t);
        }
    }
}

static void rearm_buttons(uint32_t now) {
    for (uint8_t b = 0; b < BUTTONS; b++) {
        if (state[b] == RELEASING && pin_level(b) && (uint32_t)(now - released_at[b]) >= REARM_US) {
            queue_report('R', b, released_at[b]);
            state[b] = ARMED;
        }
    }
}

/* ---- LEDs and host commands -------------------------------------------------------------- */

static uint8_t led_mask;

static void set_leds(uint8_t mask) {
    led_mask = mask;
    PORTC = (PORTC & 0xC0) | (mask & 0x3F);
    PORTB = (PORTB & ~(_BV(PB2) | _BV(PB3))) | ((mask >> 6) & 1 ? _BV(PB2) : 0) | ((mask >> 7) & 1 ? _BV(PB3) : 0);
}

/* Uppercase hex only, as the protocol writes it. */
static int8_t hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static char rx_line[RX_LINE];
static uint8_t rx_len;
static uint8_t rx_overflow;

/* PAYLOAD*CCCC with a good CRC: the payload (the star made its end); else NULL. */
static char *unframe(char *line) {
    char *star = strrchr(line, '*');
    if (!star || strlen(star) != 5) return NULL;
    uint16_t crc = 0;
    for (uint8_t i = 1; i <= 4; i++) {
        int8_t digit = hex_value(star[i]);
        if (digit < 0) return NULL;
        crc = (uint16_t)(crc << 4) | (uint8_t)digit;
    }
    for (char *p = line; p < star; p++) {
        if (*p < ' ' || *p > '~') return NULL; /* printable ASCII only */
    }
    if (crc16(line, star) != crc) return NULL;
    *star = 0;
    return line;
}

/* A host line that is not a frame (a bad CRC, too long) is dropped, and said: "ERR SEQ frame". */
static void handle_command(char *line) {
    if (!line || !unframe(line)) {
        send_numbered("ERR", "frame");
        return;
    }
    if (!strcmp(line, "?")) {
        send_hello();
    } else if (!strcmp(line, "PING")) {
        char rest[12];
        put_u32(rest, now_us());
        send_numbered("PONG", rest);
    } else if (line[0] == 'L' && line[1] == ' ' && strlen(line) == 4 && hex_value(line[2]) >= 0 &&
               hex_value(line[3]) >= 0) {
        set_leds((uint8_t)(hex_value(line[2]) * 16 + hex_value(line[3])));
        char rest[3] = {HEX[led_mask >> 4], HEX[led_mask & 15], 0};
        send_numbered("L", rest);
    } else {
        send_numbered("ERR", "command");
    }
}

/* Lines end with \n (or \r, for a terminal). A line longer than MAX_LINE is dropped whole, its
 * tail too: everything up to its newline. */
static void poll_serial(void) {
    while (UCSR0A & _BV(RXC0)) {
        char c = (char)UDR0;
        if (c == '\n' || c == '\r') {
            if (rx_overflow) {
                handle_command(NULL);
            } else if (rx_len) {
                rx_line[rx_len] = 0;
                handle_command(rx_line);
            }
            rx_len = 0;
            rx_overflow = 0;
        } else if (rx_overflow) {
            /* the rest of an overlong line: dropped with it */
        } else if (rx_len < MAX_LINE) {
            rx_line[rx_len++] = c;
        } else {
            rx_overflow = 1;
        }
    }
}

/* ---- boot -------------------------------------------------------------------------------- */

static uint32_t noise __attribute__((section(".noinit")));
static uint32_t EEMEM boot_count;

static void make_boot_id(void) {
    uint32_t count = eeprom_read_dword(&boot_count) + 1;
    eeprom_write_dword(&boot_count, count);
    uint32_t x = count * 2654435761UL ^ noise ^ ((uint32_t)TCNT1 << 16);
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    noise = x;
    for (int8_t i = 7; i >= 0; i--) {
        boot_id[i] = HEX[x & 15];
        x >>= 4;
    }
    boot_id[8] = 0;
}

int main(void) {
    DDRD &= ~0xFC; /* PD2-PD7 inputs with pull-ups */
    PORTD |= 0xFC;
    DDRB &= ~(_BV(PB0) | _BV(PB1));
    PORTB |= _BV(PB0) | _BV(PB1);
    DDRC |= 0x3F; /* LEDs */
    DDRB |= _BV(PB2) | _BV(PB3);
    set_leds(0);

    TCCR1A = 0;
    TCCR1B = _BV(CS11); /* 16 MHz / 8 = 2 MHz */
    TIMSK1 = _BV(TOIE1);

    last_pind = PIND;
    last_pinb = PINB;
    PCMSK2 = 0xFC;
    PCMSK0 = _BV(PCINT0) | _BV(PCINT1);
    PCICR = _BV(PCIE2) | _BV(PCIE0);

    uart_init();
    make_boot_id();
    sei();
    send_hello();

    uint32_t next_heartbeat = now_us() + HEARTBEAT_US;
    for (;;) {
        process_edges();
        uint32_t now = now_us();
        rearm_buttons(now);
        flush_reports();
        poll_serial();
        if ((int32_t)(now - next_heartbeat) >= 0 && tx_free() > 40) {
            char rest[12];
            put_u32(rest, now);
            send_numbered("HB", rest);
            next_heartbeat += HEARTBEAT_US;
        }
    }
}
