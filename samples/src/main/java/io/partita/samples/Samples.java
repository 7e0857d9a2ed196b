package io.partita.samples;

/** Runs every seed scenario against the embedded storage core and prints what each one shows. */
public final class Samples {
    private Samples() {}

    public static void main(String[] args) {
        System.out.println("Partita samples: the seed scenarios arrive with the storage core and the processor.");
    }
}
