package io.partita.spring.boot;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/** An application with nothing of its own: every bean comes from auto-configuration (Partita's and Boot's). */
@SpringBootConfiguration
@EnableAutoConfiguration
public class TestApplication {}
